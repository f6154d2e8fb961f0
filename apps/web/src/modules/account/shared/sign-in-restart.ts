import { RestError } from '#src/core/http/remote-service-error';
import { browserLocation } from './browser-location';

/** The sign-in server's error for an interaction that has expired (or was never this tab's). */
const SIGN_IN_EXPIRED = 'Vineta:SignInExpired';
const NOTICE_KEY = 'vineta.signIn.restarted';
const restartKey = (interactionId: string) => `vineta.signIn.restart:${interactionId}`;

/** The tab's storage: it outlives a reload of the sign-in page, and nothing else sees it. */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // Storage refused (a browser's privacy setting): no restart, as before.
  }
}

/** Keeps the authorization request that began an interaction (its details' `restartUrl`). */
export function rememberSignInRestart(interactionId: string, restartUrl: string): void {
  tabStorage()?.setItem(restartKey(interactionId), restartUrl);
}

export function isSignInExpired(error: unknown): boolean {
  return error instanceof RestError && error.remoteError?.code === SIGN_IN_EXPIRED;
}

/**
 * Begins an expired sign-in again, as Keycloak does: back to the authorization request the
 * client sent, which opens a new interaction; its page says why and keeps the user name
 * (`takeSignInRestartNotice`). Once per interaction, so a failing restart cannot loop. False
 * when this tab never saw the interaction's request: the page then says the sign-in expired.
 */
export function restartSignIn(interactionId: string, userName = ''): boolean {
  const storage = tabStorage();
  const url = storage?.getItem(restartKey(interactionId));
  // Only the sign-in server's own authorization endpoint, on this origin.
  if (!storage || !url?.startsWith('/connect/authorize?')) return false;
  storage.removeItem(restartKey(interactionId));
  storage.setItem(NOTICE_KEY, userName);
  browserLocation.assign(url);
  return true;
}

/** The notice as first read for an interaction: React may render a page twice (StrictMode). */
let taken: { interactionId: string; notice: { userName: string } | undefined } | undefined;

/** Whether this interaction's page follows a restart, and the user name typed before it. */
export function takeSignInRestartNotice(interactionId: string): { userName: string } | undefined {
  if (taken?.interactionId === interactionId) return taken.notice;
  const storage = tabStorage();
  const userName = storage?.getItem(NOTICE_KEY);
  storage?.removeItem(NOTICE_KEY);
  taken = { interactionId, notice: userName == null ? undefined : { userName } };
  return taken.notice;
}
