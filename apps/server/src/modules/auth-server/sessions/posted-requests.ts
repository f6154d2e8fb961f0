import type { ErrorOut, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { PROVIDER_ROUTES } from '../provider/provider-config.js';
import { readBodyOnce } from '../token-endpoint/request-body.js';

/** Endpoints OpenID Connect says take POST too (Core 3.1.2.1, RP-Initiated Logout 2). */
const POSTABLE_PATHS = new Set<string>([
  PROVIDER_ROUTES.authorization,
  PROVIDER_ROUTES.end_session,
]);
const FORM = /^application\/x-www-form-urlencoded\b/i;
/**
 * The form comes back as a URL's query, which Node reads within its request headers (16 KiB by
 * default, the cookies included): half of that leaves room for them.
 */
export const POSTED_FORM_LIMIT = 8 * 1024;

/**
 * A browser's form posted to the authorization or end-session endpoint is answered with 303 See
 * Other to the same endpoint, its parameters in the query (decision 019). The browser repeats it
 * as a top-level GET, which carries the provider's `SameSite=Lax` session cookie even when the
 * form was on another site, and the provider serves it as any GET. oidc-provider 9's own POST
 * routes need that cookie `SameSite=None` instead, which would send it with every cross-site
 * request. A form the endpoint cannot take gets the provider's error page.
 */
export function answerPostedRequests(
  provider: Provider,
  renderError: (ctx: KoaContextWithOIDC, out: ErrorOut) => Promise<void>,
): void {
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'POST' || !POSTABLE_PATHS.has(ctx.path)) return next();
    const refuse = (status: number, description: string) => {
      ctx.status = status;
      return renderError(ctx as KoaContextWithOIDC, {
        error: 'invalid_request',
        error_description: description,
      });
    };
    ctx.set('cache-control', 'no-store');
    if (!FORM.test(ctx.get('content-type'))) {
      return refuse(415, 'only application/x-www-form-urlencoded bodies are supported');
    }
    const length = Number(ctx.get('content-length'));
    if (!ctx.get('content-length') || !Number.isInteger(length) || length < 0) {
      return refuse(411, 'the form must be sent with its Content-Length');
    }
    if (length > POSTED_FORM_LIMIT) {
      return refuse(413, `the form is longer than ${POSTED_FORM_LIMIT} bytes`);
    }
    const body = await readBodyOnce(ctx.req);
    if (body.length !== length) return refuse(400, 'the form ended before its Content-Length');
    const query = new URLSearchParams(ctx.querystring);
    // Parameters sent twice (in the URL and the form) stay twice: the provider refuses them.
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
      query.append(name, value);
    }
    ctx.status = 303;
    ctx.redirect(`${ctx.path}?${query}`);
  });
}
