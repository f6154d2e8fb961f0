import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfiguration } from '#src/test/app-configuration';
import { fakeServer } from '#src/test/fake-server';
import { authStore } from '../auth/token-storage';
import { setHttpErrorListener, setRejectedTokenListener } from '../http/http';
import type { RestError } from '../http/remote-service-error';
import { appConfigurationStore } from './app-configuration-store';
import { refreshAppConfiguration } from './get-application-configuration';

const serveConfiguration = (authenticated: boolean) =>
  fakeServer(() => Response.json(testConfiguration({ authenticated })));

afterEach(() => {
  authStore.set(null);
  appConfigurationStore.set(undefined);
  setRejectedTokenListener(() => undefined);
  setHttpErrorListener(() => undefined);
  vi.unstubAllGlobals();
});

describe('the application configuration', () => {
  it("drops a stored token the server answered as anyone's, quietly before the first page", async () => {
    const rejected = vi.fn();
    const errors = vi.fn();
    setRejectedTokenListener(rejected);
    setHttpErrorListener(errors);
    authStore.set({ access_token: 'revoked' });
    serveConfiguration(false);
    await refreshAppConfiguration();
    expect(rejected).toHaveBeenCalledOnce();
    expect(errors).not.toHaveBeenCalled();
  });

  it('ends a signed-in session as a 401 would: the error handler gets one', async () => {
    const errors = vi.fn<(error: RestError) => void>();
    setRejectedTokenListener(() => authStore.set(null));
    setHttpErrorListener(errors);
    appConfigurationStore.set(testConfiguration({ authenticated: true }));
    authStore.set({ access_token: 'revoked' });
    serveConfiguration(false);
    await refreshAppConfiguration();
    expect(authStore.get()).toBeNull();
    expect(errors).toHaveBeenCalledOnce();
    const [error] = errors.mock.calls[0] ?? [];
    expect(error?.status).toBe(401);
    expect(error?.isAbpErrorFormat).toBe(true);
    expect(error?.remoteError).toEqual({
      message: 'You are not authenticated!',
      details: 'You should be authenticated (sign in) in order to perform this operation.',
    });
    expect(appConfigurationStore.get()?.currentUser.isAuthenticated).toBe(false);
  });

  it('keeps a token the server accepted, and has no token to drop when none was sent', async () => {
    const rejected = vi.fn();
    setRejectedTokenListener(rejected);
    authStore.set({ access_token: 'good' });
    serveConfiguration(true);
    await refreshAppConfiguration();
    authStore.set(null);
    serveConfiguration(false);
    await refreshAppConfiguration();
    expect(rejected).not.toHaveBeenCalled();
  });
});
