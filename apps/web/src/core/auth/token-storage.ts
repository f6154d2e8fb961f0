import { getEnvironment } from '../environment';
import { createStore } from '../store';

/** The fields of oidc-client-ts's stored `User` the app reads without loading the library. */
export interface StoredUser {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_at?: number;
  scope?: string;
}

export const authStore = createStore<StoredUser | null>(null);

/** oidc-client-ts's key: `oidc.user:<authority>:<client_id>` (WebStorageStateStore, prefix `oidc.`). */
export function userStorageKey(): string {
  const { issuer, clientId } = getEnvironment().oAuthConfig;
  return `oidc.user:${issuer}:${clientId}`;
}

export function readStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(userStorageKey());
    const user = raw ? (JSON.parse(raw) as StoredUser) : null;
    return user?.access_token ? user : null;
  } catch {
    return null;
  }
}

export function loadStoredUser(): StoredUser | null {
  const user = readStoredUser();
  authStore.set(user);
  return user;
}

export function getAccessToken(): string | undefined {
  return authStore.get()?.access_token;
}

/** ABP's `hasValidAccessToken`: a token that has not expired yet. */
export function hasValidAccessToken(now = Date.now()): boolean {
  const user = authStore.get();
  if (!user?.access_token) return false;
  return user.expires_at === undefined || user.expires_at * 1000 > now;
}

/** Removes the stored tokens and every oidc-client-ts entry (ABP's `clearOAuthStorage`). */
export function clearOAuthStorage(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('oidc.')) localStorage.removeItem(key);
  }
  authStore.set(null);
}
