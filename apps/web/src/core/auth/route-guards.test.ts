import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnvironment, setEnvironment } from '../environment';
import { requireInternalAuthentication } from './route-guards';

const signinRedirect = vi.fn(async () => undefined);
vi.mock('./auth-service', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./auth-service')>()),
  loadAuthClient: vi.fn(async () => ({ signinRedirect })),
}));

const origin = 'http://localhost:3000';
const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(() => 'passed'),
    new Promise((resolve) => setTimeout(resolve, 50, 'pending')),
  ]);

afterEach(() => {
  setEnvironment(parseEnvironment({}, origin));
  signinRedirect.mockClear();
});

describe('internal-authentication guard', () => {
  it('lets the password flow through', async () => {
    setEnvironment(parseEnvironment({ VITE_OAUTH_FLOW: 'password' }, origin));
    expect(
      await settled(requireInternalAuthentication(new Request(`${origin}/account/login`))),
    ).toBe('passed');
  });

  it('sends the code flow to the sign-in server with the return URL', async () => {
    setEnvironment(parseEnvironment({ VITE_OAUTH_FLOW: 'code' }, origin));
    const request = new Request(`${origin}/account/login?returnUrl=%2Fidentity%2Froles`);
    expect(await settled(requireInternalAuthentication(request))).toBe('pending');
    expect(signinRedirect).toHaveBeenCalledWith('/identity/roles');
  });

  it("lets the sign-in server's own page of an interaction through in the code flow", async () => {
    setEnvironment(parseEnvironment({ VITE_OAUTH_FLOW: 'code' }, origin));
    for (const path of ['/account/login', '/account/register', '/account/forgot-password']) {
      const request = new Request(`${origin}${path}?interactionId=uid-1`);
      expect(await settled(requireInternalAuthentication(request))).toBe('passed');
    }
    expect(signinRedirect).not.toHaveBeenCalled();
  });
});
