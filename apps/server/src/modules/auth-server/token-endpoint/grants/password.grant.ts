import type { FindAccount, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { isDatabaseUnavailable } from '../../../../platform/data/database-unavailable.js';
import { BusinessError } from '../../../../platform/errors/business-error.js';
import type { AccountLimiter } from '../../../../platform/http/rate-limits.js';
import type { Localizer } from '../../../../platform/localization/localizer.js';
import {
  SecurityLogIdentity,
  type SecurityLogRequestInfo,
} from '../../../../platform/security-log/security-log-writer.js';
import { type SignInService, signInFailureText } from '../../../account/sign-in.service.js';
import type { OutageBody } from '../../provider/outage-answers.js';
import { type SignInRequest, signInRequestOf } from '../../sessions/sign-in-request.js';
import type { TokenResponse } from './refresh-token.shortcut.js';

interface PasswordGrantDeps {
  signIn: SignInService;
  /** Told of the user behind a correct password before anything is issued (account-lookup.ts). */
  signedIn(user: { id: string; tenantId: string | null }): Promise<void>;
  findAccount: FindAccount;
  localizer: Localizer;
  cultureOf(request: SignInRequest): Promise<string>;
  /** `temporarily_unavailable`, localized (outage-answers.ts). */
  outageBody(request: SignInRequest): Promise<OutageBody>;
  /** The tenant named by `__tenant` (header, query or cookie); throws ABP's tenant errors. */
  resolveTenant(request: SignInRequest): Promise<{ id: string; name: string } | null>;
  requestInfo(request: SignInRequest): SecurityLogRequestInfo;
  /** Per user name: refused when the name has been tried too often. */
  allowUserName: AccountLimiter;
  /** Runs the grant's token writes as one unit (a transaction on SQLite; as they come elsewhere). */
  writeTogether?<T>(work: () => Promise<T>): Promise<T>;
}

type PasswordParams = { username?: string; password?: string; scope?: string };

type ProviderClient = NonNullable<Awaited<ReturnType<Provider['Client']['find']>>>;

const epochNow = () => Math.floor(Date.now() / 1000);

/** `invalid_grant` with ABP's localized description instead of oidc-provider's generic one. */
function invalidGrant(description: string, detail: string): errors.InvalidGrant {
  const error = new errors.InvalidGrant(detail);
  error.error_description = description;
  return error;
}

/**
 * The resource-owner password grant (ABP's `AbpResourceOwnerPasswordValidator`): user name or
 * e-mail and password in the tenant named by `__tenant`. Failures throw `invalid_grant` with ABP's
 * texts; success issues what the code flow would: a Grant, an opaque access token, a refresh token
 * with `offline_access`, and an ID token with `openid`. It needs no Koa context, so that the token
 * endpoint's shortcut (token-endpoint-shortcut.ts) and the provider's custom grant both run it.
 */
export function createPasswordGrant(provider: Provider, deps: PasswordGrantDeps) {
  const text = async (request: SignInRequest, key: string, data?: Record<string, unknown>) =>
    deps.localizer.message('AbpAccount', key, await deps.cultureOf(request), data);

  /**
   * A database that cannot be reached answers `temporarily_unavailable` with 503, localized (the
   * provider would say "oops! something went wrong" with 500): the sign-in may succeed when tried
   * again, and the sign-in page shows why it did not.
   */
  async function unavailable(request: SignInRequest, cause: unknown) {
    const body = await deps.outageBody(request);
    const error = new errors.TemporarilyUnavailable(body.error_description, { cause });
    return Object.assign(error, { status: 503, statusCode: 503, expose: true });
  }

  return async function issue(
    request: SignInRequest,
    client: ProviderClient,
    params: PasswordParams,
  ): Promise<TokenResponse> {
    try {
      return await issueTokens(request, client, params);
    } catch (error) {
      throw isDatabaseUnavailable(error) ? await unavailable(request, error) : error;
    }
  };

  async function issueTokens(
    request: SignInRequest,
    client: ProviderClient,
    params: PasswordParams,
  ): Promise<TokenResponse> {
    if (!params.username) throw new errors.InvalidRequest("missing required parameter 'username'");
    if (!params.password) throw new errors.InvalidRequest("missing required parameter 'password'");
    const scopes = requestedScopes(params.scope, client.scope);

    let tenant: { id: string; name: string } | null;
    try {
      tenant = await deps.resolveTenant(request);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      const culture = await deps.cultureOf(request);
      const message = deps.localizer.errorMessage(error.code, culture, error.data) ?? error.code;
      throw invalidGrant(message, error.code);
    }

    // Counted in the resolved tenant: an attempt under a tenant that does not exist costs no one.
    const limit = await deps.allowUserName(tenant?.id ?? null, params.username);
    if (!limit.allowed) {
      // As the per-IP limit in front of the token endpoint answers (auth-server.plugin.ts).
      const tooMany = new errors.TemporarilyUnavailable(
        deps.localizer.text(
          'AbpExceptionHandling',
          'TooManyRequests',
          await deps.cultureOf(request),
        ),
      );
      throw Object.assign(tooMany, {
        status: 429,
        statusCode: 429,
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    }

    const outcome = await deps.signIn.checkPassword({
      userNameOrEmailAddress: params.username,
      password: params.password,
      tenant,
      identity: SecurityLogIdentity.IdentityServer,
      request: { ...deps.requestInfo(request), clientId: client.clientId },
    });
    if (outcome.result !== 'Success') {
      const culture = await deps.cultureOf(request);
      const { key, data } = signInFailureText(outcome, culture);
      throw invalidGrant(await text(request, key, data), outcome.result);
    }

    const accountId = outcome.user.id;
    await deps.signedIn(outcome.user);
    const account = await deps.findAccount(undefined as never, accountId);
    if (!account)
      throw invalidGrant(await text(request, 'InvalidUserNameOrPassword'), 'no account');

    const scope = [...scopes].join(' ');
    const authTime = epochNow();
    const grant = new provider.Grant({ accountId, clientId: client.clientId });
    grant.addOIDCScope(scope);
    // The Grant, the access token and the refresh token in one unit: on SQLite one commit (their
    // rows share the table's and indexes' pages) instead of three, and no half-issued grant left
    // behind by a failed save.
    const together = deps.writeTogether ?? (<T>(work: () => Promise<T>) => work());
    const { at, accessToken, refreshToken } = await together(async () => {
      const grantId = await grant.save();
      const at = new provider.AccessToken({ accountId, client, grantId, gty: 'password', scope });
      const accessToken = await at.save();
      let refreshToken: string | undefined;
      if (scopes.has('offline_access') && client.grantTypeAllowed('refresh_token')) {
        const rt = new provider.RefreshToken({
          accountId,
          client,
          grantId,
          gty: 'password',
          scope,
          rotations: 0,
          authTime,
          amr: ['pwd'],
        });
        refreshToken = await rt.save();
      }
      return { at, accessToken, refreshToken };
    });

    let idToken: string | undefined;
    if (scopes.has('openid')) {
      const claims = await account.claims('id_token', scope, {}, []);
      const token = new provider.IdToken({ ...claims, amr: ['pwd'], auth_time: authTime }, {
        client,
      } as never);
      // Not in the type definitions: the scope decides which claims the ID token keeps.
      Object.assign(token, { scope });
      idToken = await token.issue({ use: 'idtoken' });
    }

    return {
      access_token: accessToken,
      token_type: at.tokenType,
      expires_in: at.expiration,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(idToken ? { id_token: idToken } : {}),
      scope,
    } as TokenResponse;
  }
}

export type PasswordGrant = ReturnType<typeof createPasswordGrant>;

/** Registers the grant with the provider, for requests the token endpoint's shortcut hands over. */
export function registerPasswordGrant(provider: Provider, issue: PasswordGrant): void {
  provider.registerGrantType<PasswordParams>(
    'password',
    async (ctx) => {
      try {
        ctx.body = await issue(
          signInRequestOf(ctx as KoaContextWithOIDC),
          ctx.oidc.client,
          ctx.oidc.params,
        );
      } catch (error) {
        // The provider's error handler keeps the headers set so far.
        const wait = retryAfterOf(error);
        if (wait !== undefined) ctx.set('retry-after', String(wait));
        throw error;
      }
    },
    ['username', 'password', 'scope'],
  );
}

/** The requested scopes (the client's, less offline_access, when none are named); unknown ones are refused. */
function requestedScopes(requested: string | undefined, allowed: string | undefined): Set<string> {
  const allowList = new Set((allowed ?? '').split(' ').filter(Boolean));
  if (!requested?.trim()) {
    allowList.delete('offline_access');
    return allowList;
  }
  const scopes = new Set(requested.split(' ').filter(Boolean));
  for (const scope of scopes) {
    if (!allowList.has(scope))
      throw new errors.InvalidScope('requested scope is not allowed', scope);
  }
  return scopes;
}

/** The seconds a refusal of the grant's rate limit asks the client to wait, if it is one. */
export function retryAfterOf(error: unknown): number | undefined {
  const wait = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof wait === 'number' ? wait : undefined;
}
