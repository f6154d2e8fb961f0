import { getAccessToken } from '../auth/token-storage';
import { getEnvironment } from '../environment';
import { localize } from '../localization/i18n';
import { sessionStore } from '../session/session-store';
import { defaultErrorMessages } from './default-error-messages';
import { createHttpClient, type HttpClient } from './http-client';
import { RestError } from './remote-service-error';

let errorListener: ((error: RestError) => void) | undefined;
let rejectedTokenListener: (() => void) | undefined;

/** The app routes HTTP errors to the theme's error screen and dialogs through this hook. */
export function setHttpErrorListener(listener: (error: RestError) => void): void {
  errorListener = listener;
}

/** Called when the server answers 401 to the app's bearer token (it was revoked or expired there). */
export function setRejectedTokenListener(listener: () => void): void {
  rejectedTokenListener = listener;
}

/**
 * A request sent with the bearer token was answered as for anyone: where anyone may read (the
 * application configuration), the server answers a token it no longer accepts so, as ASP.NET's
 * bearer handler does, instead of a 401. The token is dropped; a session the app showed as signed
 * in then ends as a 401 ends it (SPEC.md section 8): the dialog, then the sign-in page.
 */
export function reportTokenAnsweredAsAnyone(url: string, wasSignedIn: boolean): void {
  rejectedTokenListener?.();
  if (!wasSignedIn) return;
  const { title, details } = defaultErrorMessages[401];
  errorListener?.(
    new RestError({
      status: 401,
      statusText: 'Unauthorized',
      url,
      headers: new Headers({ _AbpErrorFormat: 'true' }),
      body: { error: { message: localize(title), details: localize(details) } },
    }),
  );
}

/** Hands an error the caller kept to itself (`skipHandleError`) to the global handler after all. */
export function reportHttpError(error: RestError): void {
  errorListener?.(error);
}

/** The one HTTP client: bearer token, language, tenant and XSRF headers (SPEC.md section 7). */
export const http: HttpClient = createHttpClient({
  baseUrl: () => getEnvironment().apis.default.url,
  tenantKey: () => getEnvironment().tenantKey,
  getAccessToken,
  getLanguage: () => sessionStore.get().language,
  getTenantId: () => sessionStore.get().tenant?.id,
  onError: (error) => errorListener?.(error),
  onRejectedToken: () => rejectedTokenListener?.(),
});
