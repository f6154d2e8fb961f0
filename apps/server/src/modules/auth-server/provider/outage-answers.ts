import type { FastifyBaseLogger } from 'fastify';
import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from '../../../platform/data/database-unavailable.js';
import type { Localizer } from '../../../platform/localization/localizer.js';
import { type SignInRequest, signInRequestOf } from '../sessions/sign-in-request.js';

export interface OutageBody {
  error: 'temporarily_unavailable';
  error_description: string;
}

/**
 * What the sign-in server answers while its database cannot be reached: OAuth's
 * `temporarily_unavailable`, described in the request's language, the same words the API uses
 * (`AbpExceptionHandling:ServiceUnavailableErrorMessage`). The culture may itself need the
 * database (the default-language setting), so it falls back to the built-in default.
 */
export function createOutageBody(deps: {
  localizer: Localizer;
  cultureOf(request: SignInRequest): Promise<string>;
}) {
  return async (request: SignInRequest): Promise<OutageBody> => {
    const culture = await deps.cultureOf(request).catch(() => deps.localizer.defaultCulture);
    return {
      error: 'temporarily_unavailable',
      error_description: deps.localizer.text(
        'AbpExceptionHandling',
        'ServiceUnavailableErrorMessage',
        culture,
      ),
    };
  };
}

/**
 * Every path the provider serves itself (userinfo, authorization, end-session, introspection,
 * the code grant …) answers a database outage as the token endpoint's shortcut does: 503 with
 * `Retry-After` and `temporarily_unavailable`, as JSON or as the error page, instead of the
 * provider's 500 "oops! something went wrong". The provider turns any unexpected error into
 * `server_error` and reports the original only through its `server_error` event, so the event
 * marks the request and a middleware around the provider's routes rewrites the answer.
 */
export function answerProviderOutages(
  provider: Provider,
  deps: {
    outageBody(request: SignInRequest): Promise<OutageBody>;
    renderError(ctx: KoaContextWithOIDC, out: OutageBody): Promise<void>;
    log: FastifyBaseLogger;
  },
): void {
  const unavailable = new WeakSet<object>();
  provider.on('server_error', (ctx, error) => {
    if (isDatabaseUnavailable(error)) {
      unavailable.add(ctx);
      deps.log.warn({ err: error }, 'database unavailable');
    } else {
      deps.log.error({ err: error }, 'sign-in server error');
    }
  });
  provider.use(async (ctx, next) => {
    await next();
    if (unavailable.has(ctx)) {
      const body = await deps.outageBody(signInRequestOf(ctx as KoaContextWithOIDC));
      ctx.status = 503;
      if (ctx.response.is('html')) await deps.renderError(ctx as KoaContextWithOIDC, body);
      else ctx.body = body;
    }
    // Also for the password grant's own 503 (grants/password.grant.ts) when the provider runs it.
    if (ctx.status === 503) ctx.set('retry-after', String(RETRY_AFTER_SECONDS));
  });
}
