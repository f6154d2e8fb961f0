import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyedLimiter } from '../../platform/http/rate-limits.js';
import type { Localizer } from '../../platform/localization/localizer.js';
import {
  authorizationCulture,
  CULTURE_COOKIE,
  cultureCookieValue,
  cultureFromRequest,
} from '../../platform/localization/request-culture.js';
import { type AuthServer, isProviderPath } from './auth-server.js';

/** How long a language asked for as ABP's `culture` is kept: a year, as the web app keeps one. */
const CHOSEN_CULTURE_MS = 365 * 86_400_000;

/** The authorization endpoint itself, not its resume path (`/connect/authorize/<uid>`). */
const isAuthorizationPath = (url: string) => /^\/connect\/authorize(?:\?|$)/.test(url);

/** The culture cookie for the language an authorization request asks for, if it asks for one. */
function askedCultureCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  secure: boolean,
): string | undefined {
  const asked = authorizationCulture(
    request.query as Record<string, unknown>,
    request.cookies ?? {},
  );
  if (!asked) return undefined;
  return app.serializeCookie(CULTURE_COOKIE, cultureCookieValue(asked.culture), {
    // Percent-encoded, as ASP.NET and the web app write it.
    encode: encodeURIComponent,
    path: '/',
    sameSite: 'lax',
    secure,
    // As long as the web app keeps a language the user picked; a hint lasts the session.
    ...(asked.remembered ? { expires: new Date(Date.now() + CHOSEN_CULTURE_MS) } : {}),
  });
}

/** A cookie's value as sent, undecoded, as oidc-provider's Koa context reads it. */
function rawCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}

/**
 * Puts the provider in front of Fastify's routing for its own paths only (`/connect/*` and the
 * discovery documents): the issuer is the bare APP_URL, so mounting it at `/` would hand it every
 * 404, the SPA and the API. The hook must run before the request context (authentication, tenant
 * resolution) because the provider answers in its own protocol's format. It reads the raw body
 * itself, which Fastify has not touched at `onRequest`.
 */
export function mountAuthServer(
  app: FastifyInstance,
  deps: {
    authServer: AuthServer;
    issuer: URL;
    /** script-src gets the hashes of the provider's inline scripts added per response. */
    contentSecurityPolicy: string;
    tokenLimiter: KeyedLimiter;
    localizer: Localizer;
    defaultCulture: string;
  },
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isProviderPath(request.url)) return;
    const tokenRequest = request.method === 'POST' && request.url.startsWith('/connect/token');
    if (tokenRequest) {
      const outcome = await deps.tokenLimiter(request.ip);
      if (!outcome.allowed) {
        const culture =
          cultureFromRequest({
            query: {},
            cookies: request.cookies ?? {},
            acceptLanguage: request.headers['accept-language'],
          }) ?? deps.defaultCulture;
        return reply
          .status(429)
          .header('retry-after', String(outcome.retryAfterSeconds))
          .header('cache-control', 'no-store')
          .send({
            error: 'temporarily_unavailable',
            error_description: deps.localizer.text(
              'AbpExceptionHandling',
              'TooManyRequests',
              culture,
            ),
          });
      }
    }
    // The provider sees the issuer's origin whatever Host reached us, and Fastify's view of the
    // client address (which honours TRUST_PROXY); the provider itself always trusts these headers.
    const headers = request.raw.headers;
    headers.host = deps.issuer.host;
    headers['x-forwarded-host'] = deps.issuer.host;
    headers['x-forwarded-proto'] = deps.issuer.protocol.slice(0, -1);
    headers['x-forwarded-for'] = request.ip;
    // Replaces helmet's page policy: the provider's forms post and redirect to the client.
    reply.raw.setHeader('content-security-policy', deps.contentSecurityPolicy);
    if (request.method === 'GET' && isAuthorizationPath(request.url)) {
      const culture = askedCultureCookie(app, request, deps.issuer.protocol === 'https:');
      // The provider's own cookies are added to this header, not put in its place.
      if (culture) reply.raw.setHeader('set-cookie', [culture]);
    }
    reply.hijack();
    if (tokenRequest && request.url === '/connect/token') {
      await deps.authServer.handleToken(request.raw, reply.raw, () => ({
        query: {},
        headers,
        cookie: (name) => rawCookie(headers.cookie, name),
        hostname: deps.issuer.hostname,
        ip: request.ip,
        correlationId: (request.raw as { id?: string }).id ?? null,
      }));
    } else {
      await deps.authServer.handle(request.raw, reply.raw);
    }
  });
}
