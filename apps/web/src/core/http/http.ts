import { getAccessToken } from '../auth/token-storage';
import { getEnvironment } from '../environment';
import { sessionStore } from '../session/session-store';
import { createHttpClient, type HttpClient } from './http-client';
import type { RestError } from './remote-service-error';

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
