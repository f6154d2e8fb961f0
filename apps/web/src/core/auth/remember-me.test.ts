import { describe, expect, it } from 'vitest';
import { readCookie } from '../http/cookies';
import {
  isRememberedSessionOver,
  passwordFlowKey,
  rememberMeExpiry,
  removeRememberMe,
  setRememberMe,
  shouldClearStorage,
} from './remember-me';

describe('remember me and storage keys (SPEC.md section 9)', () => {
  it('lasts until the year 9999 when remembered', () => {
    expect(rememberMeExpiry.getUTCFullYear()).toBe(9999);
    setRememberMe(true);
    expect(readCookie('rememberMe')).toBe('true');
    expect(localStorage.getItem(passwordFlowKey)).toBe('true');
    expect(isRememberedSessionOver()).toBe(false);
  });

  it('ends the session when the session cookie is gone but the password-flow flag is not', () => {
    setRememberMe(false);
    expect(isRememberedSessionOver()).toBe(false);
    // A new browser session: the cookie without expiry is gone.
    // biome-ignore lint/suspicious/noDocumentCookie: simulates the browser dropping a session cookie
    document.cookie = 'rememberMe=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(isRememberedSessionOver()).toBe(true);
    removeRememberMe();
    expect(isRememberedSessionOver()).toBe(false);
  });

  it('clears the stored tokens when the client id changes (abpOAuthClientId)', () => {
    expect(shouldClearStorage('Vineta_App')).toBe(false);
    expect(localStorage.getItem('abpOAuthClientId')).toBe('Vineta_App');
    expect(shouldClearStorage('Vineta_App')).toBe(false);
    expect(shouldClearStorage('Other_App')).toBe(true);
    expect(localStorage.getItem('abpOAuthClientId')).toBe('Other_App');
  });
});
