import { readCookie, removeCookie, writeCookie } from '../http/cookies';

/** SPEC.md section 9's storage keys. */
export const rememberMeCookie = 'rememberMe';
export const passwordFlowKey = 'passwordFlow';
export const clientIdKey = 'abpOAuthClientId';

/** The year-9999 expiry ABP writes for a remembered sign-in. */
export const rememberMeExpiry = new Date(Date.UTC(9999, 11, 31, 23, 59, 59));

/** After a password-flow sign-in: a persistent cookie when remembered, a session cookie otherwise. */
export function setRememberMe(remember: boolean): void {
  removeRememberMe();
  localStorage.setItem(passwordFlowKey, 'true');
  writeCookie(rememberMeCookie, 'true', remember ? rememberMeExpiry : undefined);
}

export function removeRememberMe(): void {
  localStorage.removeItem(passwordFlowKey);
  removeCookie(rememberMeCookie);
}

/**
 * A password-flow sign-in without remember-me ends with the browser session: the session cookie is
 * gone while the `passwordFlow` flag is still in localStorage.
 */
export function isRememberedSessionOver(): boolean {
  return Boolean(localStorage.getItem(passwordFlowKey)) && !readCookie(rememberMeCookie);
}

/** True when the stored tokens belong to another client id (ABP's `shouldStorageClear`). */
export function shouldClearStorage(clientId: string): boolean {
  const stored = localStorage.getItem(clientIdKey);
  if (stored === clientId) return false;
  localStorage.setItem(clientIdKey, clientId);
  return stored !== null;
}
