import { RestError } from '#src/core/http/remote-service-error';
import { browserLocation } from './browser-location';

/** The sign-in server's error for an interaction that has expired (or was never this tab's). */
const SIGN_IN_EXPIRED = 'Vineta:SignInExpired';
const NOTICE_KEY = 'vineta.signIn.restarted';
/**
 * How long after a restart its notice may be shown: a restart that went straight back to the
 * client (the user had signed in elsewhere meanwhile) leaves it unread, for no later page.
 */
const NOTICE_MS = 60_000;
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
  storage.setItem(NOTICE_KEY, JSON.stringify({ userName, at: Date.now() }));
  browserLocation.assign(url);
  return true;
}

/** The notice as first read for an interaction: React may render a page twice (StrictMode). */
let taken: { interactionId: string; notice: { userName: string } | undefined } | undefined;

/** Whether this interaction's page follows a restart, and the user name typed before it. */
export function takeSignInRestartNotice(interactionId: string): { userName: string } | undefined {
  if (taken?.interactionId === interactionId) return taken.notice;
  const storage = tabStorage();
  const stored = storage?.getItem(NOTICE_KEY);
  storage?.removeItem(NOTICE_KEY);
  taken = { interactionId, notice: freshNotice(stored) };
  return taken.notice;
}

function freshNotice(stored: string | null | undefined): { userName: string } | undefined {
  if (!stored) return undefined;
  try {
    const { userName, at } = JSON.parse(stored) as { userName?: unknown; at?: unknown };
    const fresh = typeof at === 'number' && Date.now() - at < NOTICE_MS;
    return fresh && typeof userName === 'string' ? { userName } : undefined;
  } catch {
    return undefined; // Not written by this code.
  }
}
