import type { Provider } from 'oidc-provider';
import { AuthorizationError } from '../../platform/errors/business-error.js';
import type { Authenticator, CurrentUser } from '../../platform/http/current-user.js';
import type { AccountLookup } from './account-lookup.js';
import { API_SCOPE } from './clients.js';

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;

/**
 * The API's authentication: `Authorization: Bearer <opaque access token>` looked up in the sign-in
 * server's store on every request, so a revoked token (sign-out, refresh-token reuse, password
 * reset) stops at once. The token must be unexpired, carry the API scope (ABP's audience), belong
 * to an active, undeleted user, and have been issued under the user's current security stamp.
 * The user's details come from a short-lived cache, not from the token, so role changes apply
 * within the same bound. Anything wrong is ABP's 401.
 */
export function createAccessTokenAuthenticator(deps: {
  provider: () => Provider;
  lookup: AccountLookup;
}): Authenticator {
  return {
    async authenticate(request): Promise<CurrentUser | null> {
      const header = request.headers.authorization;
      if (header === undefined || header === '') return null;
      const match = typeof header === 'string' ? BEARER.exec(header) : null;
      if (!match?.[1]) throw new AuthorizationError(false);

      const token = await deps.provider().AccessToken.find(match[1]);
      // DPoP- or certificate-bound tokens cannot be presented as plain bearer tokens.
      if (!token?.accountId || token.isSenderConstrained()) throw new AuthorizationError(false);
      if (!token.scopes.has(API_SCOPE)) throw new AuthorizationError(false);

      const account = await deps.lookup.find(token.accountId);
      const stamp = (token.extra as { sst?: unknown } | undefined)?.sst;
      if (!account || stamp !== account.stampDigest) throw new AuthorizationError(false);

      return {
        id: account.id,
        tenantId: account.tenantId,
        userName: account.userName,
        name: account.name,
        surName: account.surname,
        email: account.email,
        emailVerified: account.emailConfirmed,
        phoneNumber: account.phoneNumber,
        phoneNumberVerified: account.phoneNumberConfirmed,
        roles: account.roles,
        clientId: token.clientId ?? null,
      };
    },
  };
}
