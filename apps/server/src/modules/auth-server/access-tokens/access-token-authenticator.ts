import type { IncomingHttpHeaders } from 'node:http';
import type { Provider } from 'oidc-provider';
import { type MaybePromise, whenReady } from '../../../platform/async/maybe-promise.js';
import { AuthorizationError } from '../../../platform/errors/business-error.js';
import type { Authenticator, CurrentUser } from '../../../platform/http/current-user.js';
import type { AccountLookup, AccountSnapshot } from '../account-lookup.js';
import { API_SCOPE } from '../provider/clients.js';
import type { AccessTokenCache, VerifiedAccessToken } from './access-token-cache.js';

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;

/**
 * The API's authentication: `Authorization: Bearer <opaque access token>` looked up in the sign-in
 * server's store, then kept briefly in a cache of verified tokens that every revocation (sign-out,
 * refresh-token reuse, password reset, the revocation endpoint) empties at once on this instance
 * and, over Redis, on the others (see access-token-cache.ts). The token must be unexpired, carry
 * the API scope (ABP's audience), belong to an active, undeleted user, and have been issued under
 * the user's current security stamp: the user is checked on every request, through the account
 * lookup's short-lived cache, so role changes, deactivation and a new stamp apply within its
 * bound. Anything wrong leaves the caller anonymous (and nothing negative is cached). The user's
 * tenant is the request's tenant resolution's to judge (an inactive one answers 403 at once).
 */
export function createAccessTokenAuthenticator(deps: {
  provider: () => Provider;
  lookup: AccountLookup;
  cache: AccessTokenCache;
}): Authenticator & {
  grantOf(request: { headers: IncomingHttpHeaders }): Promise<string | undefined>;
} {
  const { cache } = deps;
  // One frozen CurrentUser per account snapshot and client, for as long as the account lookup keeps
  // the snapshot: the application configuration keys its cache by the user and serializes that
  // key once per user object (app-configuration.service.ts), not once per request.
  const users = new WeakMap<AccountSnapshot, Map<string | null, CurrentUser>>();
  function currentUserOf(account: AccountSnapshot, clientId: string | null): CurrentUser {
    let byClient = users.get(account);
    if (!byClient) {
      byClient = new Map();
      users.set(account, byClient);
    }
    let user = byClient.get(clientId);
    if (!user) {
      user = Object.freeze({
        id: account.id,
        tenantId: account.tenantId,
        userName: account.userName,
        name: account.name,
        surName: account.surname,
        email: account.email,
        emailVerified: account.emailConfirmed,
        phoneNumber: account.phoneNumber,
        phoneNumberVerified: account.phoneNumberConfirmed,
        roles: Object.freeze([...account.roles]) as string[],
        clientId,
      });
      byClient.set(clientId, user);
    }
    return user;
  }

  /** The token as verified before (cached), or looked up in the store now. */
  function verify(value: string): MaybePromise<VerifiedAccessToken> {
    const key = cache.keyOf(value);
    return cache.get(key) ?? lookUp(value, key);
  }

  async function lookUp(value: string, key: string): Promise<VerifiedAccessToken> {
    const generation = cache.generation;
    const token = await deps.provider().AccessToken.find(value);
    // DPoP- or certificate-bound tokens cannot be presented as plain bearer tokens.
    if (!token?.accountId || token.isSenderConstrained()) throw new AuthorizationError(false);
    if (!token.scopes.has(API_SCOPE)) throw new AuthorizationError(false);
    const extra = token.extra as { sst?: unknown; tenantid?: string } | undefined;
    const verified: VerifiedAccessToken = {
      accountId: token.accountId,
      clientId: token.clientId ?? null,
      stamp: extra?.sst,
      tenantId: extra?.tenantid ?? null,
      expiresAt: token.exp ?? 0,
      grantId: token.grantId,
      sessionUid: token.expiresWithSession ? token.sessionUid : undefined,
    };
    cache.set(key, verified, generation);
    return verified;
  }

  // Answers at once when the token and its account are cached, as they are for nearly every
  // request: the request context then needs no promise for the caller.
  return {
    /** The grant behind the request's bearer token (the tokens a password change keeps). */
    async grantOf(request: { headers: IncomingHttpHeaders }): Promise<string | undefined> {
      const match = BEARER.exec(String(request.headers.authorization ?? ''));
      return match?.[1] ? (await verify(match[1])).grantId : undefined;
    },
    authenticate(request): MaybePromise<CurrentUser | null> {
      const header = request.headers.authorization;
      if (header === undefined || header === '') return null;
      const match = typeof header === 'string' ? BEARER.exec(header) : null;
      if (!match?.[1]) return null;
      try {
        const user = whenReady(verify(match[1]), (token) =>
          whenReady(deps.lookup.findInAnyTenantState(token.accountId, token.tenantId), (account) =>
            account && token.stamp === account.stampDigest
              ? currentUserOf(account, token.clientId)
              : null,
          ),
        );
        return user instanceof Promise ? user.catch(anonymousWhenRefused) : user;
      } catch (error) {
        return anonymousWhenRefused(error);
      }
    },
  };
}

/**
 * A token that does not hold makes the caller anonymous, as ASP.NET's bearer handler does: what
 * anyone may read (the application configuration, a tenant's lookup) still answers, and what needs
 * a user answers 401 with `invalid_token` (error-handler.ts). A store that cannot be read is an
 * outage, not a refusal, and stays an error.
 */
function anonymousWhenRefused(error: unknown): null {
  if (error instanceof AuthorizationError) return null;
  throw error;
}
