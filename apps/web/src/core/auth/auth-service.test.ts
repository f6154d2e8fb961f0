import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { testConfiguration } from '#src/test/app-configuration';
import { setNavigator } from '../navigation';
import { endSession, signInAgain } from './auth-service';
import { rememberMeCookie } from './remember-me';
import { authStore, userStorageKey } from './token-storage';

const navigate = vi.fn<(to: string) => void>();
const configurationRequests: Headers[] = [];

beforeEach(() => {
  navigate.mockClear();
  configurationRequests.length = 0;
  setNavigator(navigate);
  localStorage.setItem(userStorageKey(), JSON.stringify({ access_token: 'revoked' }));
  localStorage.setItem('passwordFlow', 'true');
  // biome-ignore lint/suspicious/noDocumentCookie: the remember-me cookie the session drops
  document.cookie = `${rememberMeCookie}=true; path=/`;
  authStore.set({ access_token: 'revoked' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      configurationRequests.push(new Headers(init?.headers));
      return Response.json(testConfiguration({ authenticated: false }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  appConfigurationStore.set(undefined);
});

describe('a session the server no longer accepts', () => {
  it('is forgotten on this side: tokens and remember-me', () => {
    endSession();
    expect(authStore.get()).toBeNull();
    expect(localStorage.getItem(userStorageKey())).toBeNull();
    expect(localStorage.getItem('passwordFlow')).toBeNull();
    expect(document.cookie).not.toContain(rememberMeCookie);
  });

  it('leads to sign-in with the anonymous configuration and the page as return URL', async () => {
    appConfigurationStore.set(testConfiguration({ authenticated: true }));
    await signInAgain('/identity/users?filter=a');
    expect(configurationRequests).toHaveLength(1);
    expect(configurationRequests[0]?.has('Authorization')).toBe(false);
    expect(appConfigurationStore.get()?.currentUser.isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith(
      `/account/login?returnUrl=${encodeURIComponent('/identity/users?filter=a')}`,
      undefined,
    );
  });

  it('keeps the sign-in page query and skips the reload for an anonymous configuration', async () => {
    appConfigurationStore.set(testConfiguration({ authenticated: false }));
    await signInAgain('/account/login?returnUrl=%2Fhome');
    expect(configurationRequests).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/account/login?returnUrl=%2Fhome', undefined);
  });
});
