import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import {
  SecurityLogAction,
  SecurityLogIdentity,
  type SecurityLogRequestInfo,
  type SecurityLogWriter,
} from '../../../platform/security-log/security-log-writer.js';
import type { AccountLookup } from '../account-lookup.js';
import type { OidcStore } from '../provider/kysely-adapter.js';

/**
 * What oidc-provider does not do on sign-out: it keeps the grants of clients that asked for
 * `offline_access` ("persistsLogout"). Signing out here ends them all, so the refresh and access
 * tokens die with the session, and writes ABP's `Logout` security-log row. A revoked token (the
 * password flow's sign-out) is logged the same way.
 */
export function installSignOutHooks(
  provider: Provider,
  deps: {
    store: OidcStore;
    lookup: AccountLookup;
    securityLog: SecurityLogWriter;
    requestInfo(ctx: KoaContextWithOIDC): SecurityLogRequestInfo;
  },
): void {
  async function logLogout(ctx: KoaContextWithOIDC, accountId: string, clientId?: string) {
    const account = await deps.lookup.find(accountId);
    await deps.securityLog.write({
      identity: SecurityLogIdentity.IdentityServer,
      action: SecurityLogAction.Logout,
      tenantId: account?.tenantId ?? null,
      userId: accountId,
      userName: account?.userName ?? null,
      ...deps.requestInfo(ctx),
      clientId: clientId ?? null,
    });
  }

  provider.use(async (ctx, next) => {
    await next();
    const { oidc } = ctx as KoaContextWithOIDC;
    const route = oidc?.route;
    if (route === 'end_session_confirm' && ctx.status === 303) {
      const session = oidc.session;
      const accountId = session?.accountId;
      if (!session || !accountId || !oidc.params?.logout) return;
      const grantIds = Object.values(session.authorizations ?? {})
        .map((authorization) => authorization.grantId)
        .filter((grantId): grantId is string => typeof grantId === 'string');
      for (const grantId of grantIds) await deps.store.revokeGrant(grantId);
      await logLogout(ctx as KoaContextWithOIDC, accountId, oidc.client?.clientId);
    } else if (route === 'revocation' && ctx.status === 200) {
      // The provider ends every token of the grant whichever of the two is revoked, so the first
      // revocation of a sign-out (the web app revokes the access token, then the refresh token,
      // which is gone by then) is the one logged.
      const token = oidc.entities.RefreshToken ?? oidc.entities.AccessToken;
      if (token?.accountId) {
        await logLogout(ctx as KoaContextWithOIDC, token.accountId, token.clientId);
      }
    }
  });
}
