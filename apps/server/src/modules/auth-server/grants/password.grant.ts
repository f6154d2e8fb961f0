import type {
  FindAccount,
  KoaContextWithOIDC,
  Provider,
  TokenEndpointGrantContext,
} from 'oidc-provider';
import { errors } from 'oidc-provider';
import { BusinessError } from '../../../platform/errors/business-error.js';
import type { Localizer } from '../../../platform/localization/localizer.js';
import {
  SecurityLogIdentity,
  type SecurityLogRequestInfo,
} from '../../../platform/security-log/security-log-writer.js';
import { type SignInService, signInFailureText } from '../../account/sign-in.service.js';

export interface PasswordGrantDeps {
  signIn: SignInService;
  /** Told of the user behind a correct password before anything is issued (account-lookup.ts). */
  signedIn(user: { id: string; tenantId: string | null }): Promise<void>;
  findAccount: FindAccount;
  localizer: Localizer;
  cultureOf(ctx: KoaContextWithOIDC): Promise<string>;
  /** The tenant named by `__tenant` (header, query or cookie); throws ABP's tenant errors. */
  resolveTenant(ctx: KoaContextWithOIDC): Promise<{ id: string; name: string } | null>;
  requestInfo(ctx: KoaContextWithOIDC): SecurityLogRequestInfo;
  /** Per user name; false when the name has been tried too often. */
  allowUserName(userName: string): Promise<boolean>;
}

type PasswordParams = { username?: string; password?: string };

const epochNow = () => Math.floor(Date.now() / 1000);

/** `invalid_grant` with ABP's localized description instead of oidc-provider's generic one. */
function invalidGrant(description: string, detail: string): errors.InvalidGrant {
  const error = new errors.InvalidGrant(detail);
  error.error_description = description;
  return error;
}

/**
 * The resource-owner password grant, registered as a custom grant (ABP's
 * `AbpResourceOwnerPasswordValidator`): user name or e-mail and password in the tenant named by
 * `__tenant`. Failures answer `invalid_grant` with ABP's texts; success issues what the code flow
 * would: a Grant, an opaque access token, a refresh token with `offline_access`, and an ID token
 * with `openid`.
 */
export function registerPasswordGrant(provider: Provider, deps: PasswordGrantDeps): void {
  const text = async (ctx: KoaContextWithOIDC, key: string, data?: Record<string, unknown>) =>
    deps.localizer.text('AbpAccount', key, await deps.cultureOf(ctx), data);

  async function handle(ctx: TokenEndpointGrantContext<PasswordParams>) {
    const { client, params } = ctx.oidc;
    if (!params.username) throw new errors.InvalidRequest("missing required parameter 'username'");
    if (!params.password) throw new errors.InvalidRequest("missing required parameter 'password'");
    const scopes = requestedScopes(params.scope, client.scope);

    if (!(await deps.allowUserName(params.username))) {
      const tooMany = new errors.InvalidRequest('too many attempts for this user name');
      tooMany.error_description = deps.localizer.text(
        'AbpExceptionHandling',
        'TooManyRequests',
        await deps.cultureOf(ctx),
      );
      Object.assign(tooMany, { status: 429, statusCode: 429 });
      throw tooMany;
    }

    let tenant: { id: string; name: string } | null;
    try {
      tenant = await deps.resolveTenant(ctx);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      const culture = await deps.cultureOf(ctx);
      const message = deps.localizer.errorMessage(error.code, culture, error.data) ?? error.code;
      throw invalidGrant(message, error.code);
    }

    const outcome = await deps.signIn.checkPassword({
      userNameOrEmailAddress: params.username,
      password: params.password,
      tenant,
      identity: SecurityLogIdentity.IdentityServer,
      request: { ...deps.requestInfo(ctx), clientId: client.clientId },
    });
    if (outcome.result !== 'Success') {
      const culture = await deps.cultureOf(ctx);
      const { key, data } = signInFailureText(outcome, culture);
      throw invalidGrant(await text(ctx, key, data), outcome.result);
    }

    const accountId = outcome.user.id;
    await deps.signedIn(outcome.user);
    const account = await deps.findAccount(ctx, accountId);
    if (!account) throw invalidGrant(await text(ctx, 'InvalidUserNameOrPassword'), 'no account');
    ctx.oidc.entity('Account', account);

    const scope = [...scopes].join(' ');
    const grant = new provider.Grant({ accountId, clientId: client.clientId });
    grant.addOIDCScope(scope);
    const grantId = await grant.save();
    ctx.oidc.entity('Grant', grant);

    const authTime = epochNow();
    const at = new provider.AccessToken({ accountId, client, grantId, gty: 'password', scope });
    ctx.oidc.entity('AccessToken', at);
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
      ctx.oidc.entity('RefreshToken', rt);
      refreshToken = await rt.save();
    }

    let idToken: string | undefined;
    if (scopes.has('openid')) {
      const claims = await account.claims('id_token', scope, {}, []);
      const token = new provider.IdToken({ ...claims, amr: ['pwd'], auth_time: authTime }, { ctx });
      // Not in the type definitions: the scope decides which claims the ID token keeps.
      Object.assign(token, { scope });
      idToken = await token.issue({ use: 'idtoken' });
    }

    ctx.body = {
      access_token: accessToken,
      token_type: at.tokenType,
      expires_in: at.expiration,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(idToken ? { id_token: idToken } : {}),
      scope,
    };
  }

  provider.registerGrantType<PasswordParams>('password', handle, ['username', 'password', 'scope']);
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
