import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../../test/create-test-app.js';
import { FULL_SCOPE, passwordGrant, WEB_CLIENT } from '../../../../test/sign-in-helpers.js';

// The token endpoint's shortcut (token-endpoint-shortcut.ts) must answer exactly as oidc-provider
// does. Each case sends the same request twice: once as the shortcut serves it, once with a
// difference that changes nothing for the provider but makes the shortcut hand it over (a `scope`
// repeating the granted one; an Accept header that also names HTML).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const form = 'application/x-www-form-urlencoded';

function token(parameters: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': form, 'accept-language': 'en', ...headers },
    payload: new URLSearchParams(parameters).toString(),
  });
}

const refresh = (refreshToken: string, extra: Record<string, string> = {}, headers = {}) =>
  token(
    { grant_type: 'refresh_token', client_id: WEB_CLIENT, refresh_token: refreshToken, ...extra },
    headers,
  );

/** What must not differ between the two answers: everything but the random values and dates. */
function comparable(response: Awaited<ReturnType<typeof token>>) {
  const { date: _date, 'content-length': _length, ...headers } = response.headers;
  const body = response.json() as Record<string, unknown>;
  const idToken = typeof body.id_token === 'string' ? decodeJwt(body.id_token) : undefined;
  return {
    status: response.statusCode,
    headers,
    members: Object.keys(body),
    scope: body.scope,
    tokenType: body.token_type,
    expiresIn: body.expires_in,
    idToken: idToken && {
      ...idToken,
      iat: typeof idToken.iat,
      exp: (idToken.exp as number) - (idToken.iat as number),
    },
  };
}

describe('refresh grant', () => {
  it('answers as the provider does, and each path accepts the other one’s refresh tokens', async () => {
    const first = (await passwordGrant(t.app)).json().refresh_token as string;
    const viaShortcut = await refresh(first);
    expect(viaShortcut.statusCode).toBe(200);
    const viaProvider = await refresh(viaShortcut.json().refresh_token, { scope: FULL_SCOPE });
    expect(viaProvider.statusCode).toBe(200);
    expect(comparable(viaShortcut)).toEqual(comparable(viaProvider));

    const again = await refresh(viaProvider.json().refresh_token);
    expect(again.statusCode).toBe(200);
    // The access token works at the API.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/account/my-profile',
      headers: { authorization: `Bearer ${again.json().access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().userName).toBe('admin');
  });

  it('hands a reused token to the provider, which revokes the grant', async () => {
    const first = (await passwordGrant(t.app)).json().refresh_token as string;
    const second = (await refresh(first)).json().refresh_token as string;
    const reused = await refresh(first);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'grant request is invalid',
    });
    // The grant is gone: the token rotated in the meantime no longer works either.
    expect((await refresh(second)).statusCode).toBe(400);
  });

  it('hands scope narrowing to the provider, with the body it already read', async () => {
    const first = (await passwordGrant(t.app)).json().refresh_token as string;
    const narrowed = await refresh(first, { scope: 'openid offline_access' });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().scope).toBe('openid offline_access');
  });

  it('allows the web app’s origin and leaves others to the provider’s refusal', async () => {
    const first = (await passwordGrant(t.app)).json().refresh_token as string;
    const appOrigin = new URL(t.config.appUrl).origin;
    const allowed = await refresh(first, {}, { origin: appOrigin });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(appOrigin);

    const refused = await refresh(
      allowed.json().refresh_token,
      {},
      { origin: 'https://elsewhere.example' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.json().error_description).toBe(
      `origin https://elsewhere.example not allowed for client: ${WEB_CLIENT}`,
    );
  });
});

describe('password grant', () => {
  const grant = (overrides: Record<string, string>, headers: Record<string, string> = {}) =>
    token(
      {
        grant_type: 'password',
        client_id: WEB_CLIENT,
        username: 'admin',
        password: 'wrong-password',
        scope: FULL_SCOPE,
        ...overrides,
      },
      headers,
    );
  const viaProvider = { accept: 'application/json, text/html;q=0.5' };

  it('answers failures as the provider does: status, headers and ABP’s localized text', async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ username: 'nobody-here' }, { 'accept-language': 'es-MX' }],
      [{ scope: 'openid not-a-scope' }, {}],
      [{}, { __tenant: 'no-such-tenant' }],
    ];
    for (const [overrides, headers] of cases) {
      const shortcut = await grant(overrides, headers);
      const provider = await grant(overrides, { ...headers, ...viaProvider });
      expect(shortcut.statusCode).toBe(400);
      expect(comparable(shortcut)).toEqual(comparable(provider));
      expect(shortcut.json()).toEqual(provider.json());
    }
  });

  it('answers success as the provider does', async () => {
    const shortcut = await grant({ password: TEST_ADMIN_PASSWORD });
    const provider = await grant({ password: TEST_ADMIN_PASSWORD }, viaProvider);
    expect(shortcut.statusCode).toBe(200);
    expect(comparable(shortcut)).toEqual(comparable(provider));
  });
});
