import type { IncomingHttpHeaders } from 'node:http';
import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * What the sign-in server reads of a request beside its parameters (culture, tenant, security
 * log), whether oidc-provider's Koa context or the token endpoint's shortcut
 * (token-endpoint-shortcut.ts) received it.
 */
export interface SignInRequest {
  readonly query: Record<string, unknown>;
  readonly headers: IncomingHttpHeaders;
  cookie(name: string): string | undefined;
  /** The issuer's host name: the mount pins Host and X-Forwarded-Host to it. */
  readonly hostname: string;
  /** The client address as Fastify sees it (TRUST_PROXY honoured). */
  readonly ip: string;
  readonly correlationId: string | null;
}

export function signInRequestOf(ctx: KoaContextWithOIDC): SignInRequest {
  return {
    query: ctx.query,
    headers: ctx.headers,
    cookie: (name) => ctx.cookies.get(name, { signed: false }),
    hostname: ctx.hostname,
    ip: ctx.ip,
    correlationId: (ctx.req as { id?: string }).id ?? null,
  };
}
