import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import {
  ABP_ERROR_FORMAT_HEADER,
  unknownRouteError,
} from '../../../platform/errors/error-handler.js';
import type { Localizer } from '../../../platform/localization/localizer.js';
import { type SignInRequest, signInRequestOf } from '../sessions/sign-in-request.js';

/**
 * A path under the provider's mount that none of its routes serves (`/connect/nope`, a typo, a
 * probe) answers as the API's unknown routes do: ABP's 404 body in the request's language, not
 * Koa's plain "Not Found". A route that answers 404 itself has set a body, and keeps it.
 */
export function answerUnknownProviderPaths(
  provider: Provider,
  deps: { localizer: Localizer; cultureOf(request: SignInRequest): Promise<string> },
): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    const culture = await deps
      .cultureOf(signInRequestOf(ctx as KoaContextWithOIDC))
      .catch(() => deps.localizer.defaultCulture);
    ctx.set(ABP_ERROR_FORMAT_HEADER, 'true');
    ctx.set('cache-control', 'no-store');
    ctx.body = {
      error: unknownRouteError(deps.localizer, culture, { method: ctx.method, path: ctx.path }),
    };
    // Koa takes a body for a 200 unless told otherwise.
    ctx.status = 404;
  });
}
