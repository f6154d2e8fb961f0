import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnvironment } from '../environment';
import { type AuthClientDependencies, createAuthClient } from './auth-client';

const origin = 'http://localhost:3000';
const environment = parseEnvironment({ VITE_OAUTH_FLOW: 'password' }, origin);
const discovery = {
  issuer: origin,
  authorization_endpoint: `${origin}/connect/authorize`,
  token_endpoint: `${origin}/connect/token`,
  userinfo_endpoint: `${origin}/connect/userinfo`,
  end_session_endpoint: `${origin}/connect/endsession`,
  revocation_endpoint: `${origin}/connect/revocation`,
  jwks_uri: `${origin}/.well-known/jwks`,
};

interface Call {
  url: string;
  headers: Headers;
  body: URLSearchParams;
}

function fakeServer(token: (body: URLSearchParams) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({
        url,
        headers: new Headers(init?.headers),
        body: new URLSearchParams(String(init?.body ?? '')),
      });
      if (url.endsWith('/.well-known/openid-configuration')) return Response.json(discovery);
      if (url.endsWith('/connect/token')) return token(calls.at(-1)?.body ?? new URLSearchParams());
      if (url.endsWith('/connect/revocation')) return new Response(null, { status: 200 });
      return new Response('not found', { status: 404 });
    }),
  );
  return calls;
}

const tokens = (refresh = true, expiresIn = 3600) =>
  Response.json({
    access_token: 'access-1',
    token_type: 'Bearer',
    expires_in: expiresIn,
    scope: 'openid profile email phone roles offline_access Vineta',
    ...(refresh ? { refresh_token: 'refresh-1' } : {}),
  });

function deps() {
  return {
    getTenantId: vi.fn(() => 'tenant-1'),
    onUserChanged: vi.fn<AuthClientDependencies['onUserChanged']>(),
    onRefreshFailed: vi.fn<AuthClientDependencies['onRefreshFailed']>(),
    onSessionEnded: vi.fn<AuthClientDependencies['onSessionEnded']>(),
  } satisfies AuthClientDependencies;
}

/** Signs in (the server's first answer), refreshes (its later ones): the session must end. */
async function expectRefreshToEndSession(signedIn: Response, refreshed: () => Response) {
  let first = true;
  fakeServer(() => {
    if (!first) return refreshed();
    first = false;
    return signedIn;
  });
  const d = deps();
  const client = createAuthClient(environment, d);
  await client.loginWithPassword({ username: 'admin', password: 'p' });
  await expect(client.refresh()).resolves.toBeNull();
  expect(d.onRefreshFailed).toHaveBeenCalledOnce();
  expect(localStorage.getItem(`oidc.user:${origin}:Vineta_App`)).toBeNull();
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('auth client (oidc-client-ts)', () => {
  it('signs in with the password grant, the client, the scopes and the tenant header', async () => {
    const calls = fakeServer(() => tokens());
    const d = deps();
    const user = await createAuthClient(environment, d).loginWithPassword({
      username: 'admin',
      password: '1q2w3E*',
    });
    const request = calls.find((call) => call.url.endsWith('/connect/token'));
    expect(request?.body.get('grant_type')).toBe('password');
    expect(request?.body.get('client_id')).toBe('Vineta_App');
    expect(request?.body.get('scope')).toBe(
      'openid profile email phone roles offline_access Vineta',
    );
    expect(request?.body.get('username')).toBe('admin');
    expect(request?.headers.get('__tenant')).toBe('tenant-1');
    expect(user).toMatchObject({ access_token: 'access-1', refresh_token: 'refresh-1' });
    expect(localStorage.getItem(`oidc.user:${origin}:Vineta_App`)).toContain('access-1');
  });

  it('passes the token error (error_description) to the caller', async () => {
    fakeServer(() =>
      Response.json(
        { error: 'invalid_grant', error_description: 'Invalid username or password!' },
        { status: 400 },
      ),
    );
    await expect(
      createAuthClient(environment, deps()).loginWithPassword({ username: 'x', password: 'y' }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: 'Invalid username or password!',
    });
  });

  it('refreshes with the refresh token', async () => {
    let grants = 0;
    const calls = fakeServer((body) => {
      grants++;
      return body.get('grant_type') === 'refresh_token' ? tokens() : tokens();
    });
    const client = createAuthClient(environment, deps());
    await client.loginWithPassword({ username: 'admin', password: 'p' });
    await client.refresh();
    const refresh = calls.filter((call) => call.url.endsWith('/connect/token'))[1];
    expect(refresh?.body.get('grant_type')).toBe('refresh_token');
    expect(refresh?.body.get('refresh_token')).toBe('refresh-1');
    expect(grants).toBe(2);
  });

  it('clears the tokens and reports when a refresh fails', async () => {
    await expectRefreshToEndSession(tokens(), () =>
      Response.json({ error: 'invalid_grant' }, { status: 400 }),
    );
  });

  it('keeps the session through a refresh the server cannot serve now, and tries again', async () => {
    const answers = [
      tokens(),
      Response.json(
        { error: 'temporarily_unavailable', error_description: 'try again' },
        { status: 503 },
      ),
      new Response('<h1>502 Bad Gateway</h1>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      }),
      tokens(),
    ];
    const calls = fakeServer(() => answers.shift() ?? tokens());
    const d = deps();
    const client = createAuthClient(environment, d);
    await client.loginWithPassword({ username: 'admin', password: 'p' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await expect(client.refresh()).resolves.toMatchObject({ access_token: 'access-1' });
      expect(localStorage.getItem(`oidc.user:${origin}:Vineta_App`)).not.toBeNull();
      // Tried again after the server's Retry-After (5 s), twice: a gateway's page is no refusal.
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.advanceTimersByTimeAsync(5_000);
    } finally {
      vi.useRealTimers();
    }
    const refreshes = calls.filter((call) => call.body.get('grant_type') === 'refresh_token');
    expect(refreshes).toHaveLength(3);
    expect(answers).toHaveLength(0);
    expect(d.onRefreshFailed).not.toHaveBeenCalled();
  });

  it('ends the session when the server cannot refresh before the token expires', async () => {
    await expectRefreshToEndSession(tokens(true, 3), () =>
      Response.json({ error: 'temporarily_unavailable' }, { status: 503 }),
    );
  });

  it('signs out at start-up when the token expired and there is no refresh token', async () => {
    fakeServer(() => tokens(false, 0));
    const d = deps();
    const client = createAuthClient(environment, d);
    await client.loginWithPassword({ username: 'admin', password: 'p' });
    await client.init();
    expect(d.onSessionEnded).toHaveBeenCalled();
    expect(localStorage.getItem(`oidc.user:${origin}:Vineta_App`)).toBeNull();
  });

  it('revokes the access and refresh tokens on sign-out', async () => {
    const calls = fakeServer(() => tokens());
    const client = createAuthClient(environment, deps());
    await client.loginWithPassword({ username: 'admin', password: 'p' });
    await client.logout({ redirect: false });
    const revoked = calls
      .filter((call) => call.url.endsWith('/connect/revocation'))
      .map((call) => call.body.get('token_type_hint'));
    expect(revoked.sort()).toEqual(['access_token', 'refresh_token']);
    expect(localStorage.getItem(`oidc.user:${origin}:Vineta_App`)).toBeNull();
  });
});
