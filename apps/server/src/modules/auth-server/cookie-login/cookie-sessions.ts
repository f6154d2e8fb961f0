import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider, Session } from 'oidc-provider';
import type { OidcStore } from '../provider/kysely-adapter.js';
import { PROVIDER_COOKIE } from '../provider/provider-config.js';

/** oidc-provider marks a session made for a request without one (its typings leave it out). */
const isUnsaved = (session: Session) => (session as Session & { new?: boolean }).new === true;

/** The `Set-Cookie` values a sign-in or sign-out wrote, for the caller's reply to send. */
export type SetCookies = string[];

/**
 * The sign-in server's session (oidc-provider's `_session` cookie and its stored record) begun
 * and ended outside an authorization request, for ABP's cookie-login API: a browser signed in
 * here goes through `/connect/authorize` without the sign-in page, as one signed in through the
 * code flow's interaction does. The record and cookie are written as the provider's own session
 * handler writes them (shared/session.js), so the provider reads them as its own.
 */
export function createCookieSessions(deps: {
  provider: () => Provider;
  store: OidcStore;
  /** Seconds a session lives (the provider's `ttl.Session`). */
  sessionLifetime: number;
  /** APP_URL is https: the cookie is Secure, whatever scheme reached this process. */
  secure: boolean;
}) {
  /** A Koa context on the request, as the provider makes one, and the cookies it set. */
  function contextOf(request: IncomingMessage, response: ServerResponse) {
    const provider = deps.provider();
    const ctx = provider.createContext(request, response);
    ctx.cookies.secure = deps.secure;
    const written = (): SetCookies => {
      const header = response.getHeader('set-cookie');
      // Handed to the caller's reply instead: Fastify writes its own headers over these.
      response.removeHeader('set-cookie');
      if (header === undefined) return [];
      return Array.isArray(header) ? header : [String(header)];
    };
    return { provider, ctx, written };
  }

  return {
    /**
     * Signs `accountId` in: a session held by another account ends first (its tokens stay, as
     * after ABP's cookie sign-in over another); the same account's session gets a new
     * identifier, so that a session id planted before the sign-in is worth nothing after it.
     * `remember`: a cookie that outlives the browser, as with the code flow's remember-me.
     */
    async signIn(
      request: IncomingMessage,
      response: ServerResponse,
      login: { accountId: string; remember: boolean },
    ): Promise<SetCookies> {
      const { provider, ctx, written } = contextOf(request, response);
      let session = await provider.Session.get(ctx);
      if (session.accountId && session.accountId !== login.accountId) {
        await session.destroy();
        session = new provider.Session();
      } else if (!isUnsaved(session)) {
        session.resetIdentifier();
      }
      session.loginAccount({
        accountId: login.accountId,
        amr: ['pwd'],
        transient: !login.remember,
      });
      const expires = new Date(Date.now() + deps.sessionLifetime * 1000);
      ctx.cookies.set(provider.cookieName('session'), session.jti, {
        ...PROVIDER_COOKIE,
        ...(login.remember ? { expires } : {}),
      });
      await session.save(deps.sessionLifetime);
      return written();
    },

    /**
     * Ends the request's session, if any, and every grant it gave out (their refresh and access
     * tokens with it), as the provider's sign-out does here (sign-out-hooks.ts). Answers the
     * account that was signed in, for the security log.
     */
    async signOut(
      request: IncomingMessage,
      response: ServerResponse,
    ): Promise<{ accountId: string | undefined; cookies: SetCookies }> {
      const { provider, ctx, written } = contextOf(request, response);
      const session = await provider.Session.get(ctx);
      const accountId = session.accountId;
      if (!isUnsaved(session)) {
        const grantIds = Object.values(session.authorizations ?? {}).map((a) => a.grantId);
        for (const grantId of grantIds) if (grantId) await deps.store.revokeGrant(grantId);
        await session.destroy();
      }
      ctx.cookies.set(provider.cookieName('session'), null, PROVIDER_COOKIE);
      return { accountId, cookies: written() };
    },
  };
}

export type CookieSessions = ReturnType<typeof createCookieSessions>;
