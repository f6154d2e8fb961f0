import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../../test/create-test-app.js';
import { FULL_SCOPE, WEB_CLIENT } from '../../../../test/sign-in-helpers.js';

// ABP's Angular password-flow template sends its public client's `dummyClientSecret`.

let t: TestApp;
const DUMMY_SECRET = '1q2w3e*';

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

function post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

const signIn = { grant_type: 'password', username: 'admin', password: TEST_ADMIN_PASSWORD };
const basic = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

describe("a public client's dummy secret", () => {
  it('is ignored in the body: password grant, refresh and revocation as without it', async () => {
    const granted = await post('/connect/token', {
      ...signIn,
      client_id: WEB_CLIENT,
      client_secret: DUMMY_SECRET,
      scope: FULL_SCOPE,
    });
    expect(granted.statusCode).toBe(200);
    const { refresh_token: first } = granted.json();

    const refreshed = await post('/connect/token', {
      grant_type: 'refresh_token',
      client_id: WEB_CLIENT,
      client_secret: DUMMY_SECRET,
      refresh_token: first,
    });
    expect(refreshed.statusCode).toBe(200);
    const { refresh_token: second, access_token: access } = refreshed.json();

    const revoked = await post('/connect/revocation', {
      client_id: WEB_CLIENT,
      client_secret: DUMMY_SECRET,
      token: second,
      token_type_hint: 'refresh_token',
    });
    expect(revoked.statusCode).toBe(200);
    const afterRevocation = await post('/connect/token', {
      grant_type: 'refresh_token',
      client_id: WEB_CLIENT,
      refresh_token: second,
    });
    expect(afterRevocation.json().error).toBe('invalid_grant');
    const api = await t.app.inject({
      url: '/api/account/my-profile',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(api.statusCode).toBe(401);
  });

  it('is ignored as Basic credentials, with or without client_id in the body', async () => {
    for (const form of [signIn, { ...signIn, client_id: WEB_CLIENT }]) {
      const response = await post('/connect/token', form, {
        authorization: basic(WEB_CLIENT, DUMMY_SECRET),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().token_type).toBe('Bearer');
    }
  });

  it('still leaves the provider to refuse unknown clients and mismatched client ids', async () => {
    const unknown = await post('/connect/token', {
      ...signIn,
      client_id: 'Someone_Else',
      client_secret: DUMMY_SECRET,
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('invalid_client');

    const mismatched = await post(
      '/connect/token',
      { ...signIn, client_id: 'Someone_Else' },
      { authorization: basic(WEB_CLIENT, DUMMY_SECRET) },
    );
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toMatchObject({ error: 'invalid_request' });
  });
});
