import { createStore } from '../store';

export interface SessionTenant {
  id: string | null;
  name: string | null;
  isAvailable?: boolean;
}

/** ABP's session state, kept in localStorage under `abpSession`. */
export interface SessionState {
  language?: string;
  tenant: SessionTenant | null;
}

export const sessionStorageKey = 'abpSession';

function readSession(): SessionState {
  try {
    const raw = globalThis.localStorage?.getItem(sessionStorageKey);
    const parsed = raw ? (JSON.parse(raw) as Partial<SessionState>) : {};
    return {
      ...(parsed.language ? { language: parsed.language } : {}),
      tenant: parsed.tenant ?? null,
    };
  } catch {
    return { tenant: null };
  }
}

export const sessionStore = createStore<SessionState>(readSession());

sessionStore.subscribe(() => {
  globalThis.localStorage?.setItem(sessionStorageKey, JSON.stringify(sessionStore.get()));
});

export function reloadSessionFromStorage(): void {
  sessionStore.set(readSession());
}

export function setSessionLanguage(language: string): void {
  sessionStore.set((state) => ({ ...state, language }));
}

export function setSessionTenant(tenant: SessionTenant | null): void {
  sessionStore.set((state) => ({ ...state, tenant }));
}
