import { AccountSettingNames } from '@vineta/contracts/identity/identity-settings';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestApp } from '../../../../test/create-test-app.js';
import { adminClient, createUser, USER_PASSWORD } from '../../../../test/identity-api.js';
import { SignInBrowser, startAuthorization } from '../../../../test/sign-in-browser.js';
import { createTenant, listeningTestApp } from '../../../../test/sign-in-helpers.js';
import { withinTenant } from '../../../platform/data/data-scope.js';

// ABP's cookie-login API against the real server, with openid-client as the code flow's client:
// a session begun by `login` must be one the provider itself honours at /connect/authorize.

let t: TestApp;
let origin: string;
let config: client.Configuration;
const redirectUri = () => `${origin}/signin-oidc`;
/** AbpExceptionHandling:XsrfTokenInvalid in es-MX, the default language (no Accept-Language). */
const XSRF_REFUSED =
  'Falta el token de verificación de la solicitud o no es válido. Recarga la página e inténtalo de nuevo.';

beforeAll(async () => {
  ({ t, origin, config } = await listeningTestApp());
});

afterAll(async () => {
  await t?.close();
});

/** A page of the app in a browser: it has read the configuration, so it holds the XSRF cookie. */
async function newBrowser(): Promise<SignInBrowser> {
  const browser = new SignInBrowser(origin);
  await browser.go('/api/abp/application-configuration');
  return browser;
}

async function login(browser: SignInBrowser, body: Record<string, unknown>, path = 'login') {
  const answer = await browser.post(`/api/account/${path}`, body);
  expect(answer.status).toBe(200);
  return answer;
}

/** The `_session` cookie the answer set, if any. */
const sessionCookie = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith('_session='));

/** A code-flow authorization in the browser: straight back to the client, or to sign-in. */
async function authorize(browser: SignInBrowser) {
  const { response, verifier, state } = await startAuthorization(browser, config, redirectUri());
  return { location: response.headers.get('location') ?? '', verifier, state };
}

const securityLogActions = (userName: string) =>
  withinTenant(null, () =>
    t.app.services.data
      .query()
      .selectFrom('securityLogs')
      .select(['action', 'identity'])
      .where('userName', '=', userName)
      .execute(),
  );

describe('POST /api/account/login', () => {
  it('begins a session that the code flow honours without the sign-in page', async () => {
    const browser = await newBrowser();
    const answer = await login(browser, {
      userNameOrEmailAddress: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ result: 1, description: 'Success' });
    // Without remember-me the cookie ends with the browser.
    expect(sessionCookie(answer)).toMatch(/httponly/i);
    expect(sessionCookie(answer)).not.toMatch(/expires=/i);

    const { location, verifier, state } = await authorize(browser);
    expect(location.startsWith(`${redirectUri()}?code=`)).toBe(true);
    const tokens = await client.authorizationCodeGrant(config, new URL(location), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.preferred_username).toBe('admin');
    expect(tokens.refresh_token).toBeTruthy();
    expect(await securityLogActions('admin')).toContainEqual({
      action: 'LoginSucceeded',
      identity: 'Identity',
    });
  });

  it('keeps the session past the browser with remember-me', async () => {
    const answer = await login(await newBrowser(), {
      userNameOrEmailAddress: 'admin',
      password: TEST_ADMIN_PASSWORD,
      rememberMe: true,
    });
    expect(sessionCookie(answer)).toMatch(/expires=/i);
  });

  it('answers a wrong password with its result, begins no session and logs the attempt', async () => {
    const api = await adminClient(t.app);
    await createUser(api, 'cookie.wrong');
    const browser = await newBrowser();
    const answer = await login(browser, {
      userNameOrEmailAddress: 'cookie.wrong',
      password: 'not the password',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ result: 2, description: 'InvalidUserNameOrPassword' });
    expect(sessionCookie(answer)).toBeUndefined();
    expect((await authorize(browser)).location).toMatch(/^\/interaction\//);
    expect(await securityLogActions('cookie.wrong')).toContainEqual({
      action: 'LoginInvalidUserNameOrPassword',
      identity: 'Identity',
    });
  });

  it('signs in by e-mail address and says when a user may not sign in', async () => {
    const api = await adminClient(t.app);
    await createUser(api, 'cookie.inactive', { isActive: false });
    const byEmail = await login(await newBrowser(), {
      userNameOrEmailAddress: 'cookie.inactive@example.test',
      password: USER_PASSWORD,
    });
    expect(await byEmail.json()).toEqual({ result: 3, description: 'NotAllowed' });
    expect(sessionCookie(byEmail)).toBeUndefined();
  });

  it('replaces another account’s session, and renews its own one’s identifier', async () => {
    const api = await adminClient(t.app);
    await createUser(api, 'cookie.second');
    const browser = await newBrowser();
    const first = await login(browser, {
      userNameOrEmailAddress: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    const again = await login(browser, {
      userNameOrEmailAddress: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(sessionCookie(again)).not.toBe(sessionCookie(first));

    await login(browser, { userNameOrEmailAddress: 'cookie.second', password: USER_PASSWORD });
    const { location, verifier, state } = await authorize(browser);
    const tokens = await client.authorizationCodeGrant(config, new URL(location), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.preferred_username).toBe('cookie.second');
  });

  it('signs a tenant’s user in with the __tenant header, and the tokens are the tenant’s', async () => {
    const tenantId = await createTenant(t.app, 'CookieCo');
    const browser = new SignInBrowser(origin, { __tenant: 'CookieCo' });
    await browser.go('/api/abp/application-configuration');
    const answer = await login(browser, {
      userNameOrEmailAddress: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(await answer.json()).toEqual({ result: 1, description: 'Success' });
    const { location, verifier, state } = await authorize(browser);
    const tokens = await client.authorizationCodeGrant(config, new URL(location), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.tenantid).toBe(tenantId);
    const profile = await fetch(`${origin}/api/account/my-profile`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(((await profile.json()) as { email: string }).email).toBe('admin@cookieco.test');
  });

  it('refuses bad input with localized messages and changes nothing', async () => {
    const browser = await newBrowser();
    const answer = await browser.go('/api/account/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'es-MX',
        requestverificationtoken: browser.jar.get('XSRF-TOKEN') ?? '',
      },
      body: JSON.stringify({ userNameOrEmailAddress: '', password: 'x' }),
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: { validationErrors: unknown[] } };
    expect(body.error.validationErrors).toEqual([
      {
        message: 'El campo Nombre de usuario o correo electrónico es obligatorio.',
        members: ['userNameOrEmailAddress'],
      },
    ]);
    expect(sessionCookie(answer)).toBeUndefined();
  });

  it('counts one user name’s attempts together however its letters are written', async () => {
    const browser = await newBrowser();
    const attempt = (userNameOrEmailAddress: string) =>
      browser.post('/api/account/login', { userNameOrEmailAddress, password: 'wrong' });
    // RATE_LIMIT_TOKEN_PER_USER_NAME's 30 a minute, shared by `Guessed` and `guessed`.
    for (let i = 0; i < 30; i++) {
      expect((await attempt(i % 2 ? 'Guessed' : ' guessed')).status).toBe(200);
    }
    const limited = await attempt('GUESSED');
    expect(limited.status).toBe(429);
  });

  it('refuses a signed-in browser’s call without the antiforgery header', async () => {
    const browser = await newBrowser();
    await login(browser, { userNameOrEmailAddress: 'admin', password: TEST_ADMIN_PASSWORD });
    const forged = await browser.go('/api/account/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { message: XSRF_REFUSED } });
  });

  it('is refused while local login is disabled', async () => {
    const setting = AccountSettingNames.EnableLocalLogin;
    await t.app.services.settings.setForProvider(setting, 'false', 'G', '');
    try {
      const answer = await (await newBrowser()).post('/api/account/login', {
        userNameOrEmailAddress: 'admin',
        password: TEST_ADMIN_PASSWORD,
      });
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { error: { message: string } };
      expect(body.error.message).toBe('Local login is disabled for this application.');
      expect(sessionCookie(answer)).toBeUndefined();
    } finally {
      await t.app.services.settings.setForProvider(setting, null, 'G', '');
    }
  });
});

describe('POST /api/account/check-password', () => {
  it('checks without signing in or logging a sign-in, under both of its paths', async () => {
    const api = await adminClient(t.app);
    await createUser(api, 'cookie.check');
    for (const path of ['check-password', 'checkPassword']) {
      const answer = await login(
        await newBrowser(),
        { userNameOrEmailAddress: 'cookie.check', password: USER_PASSWORD },
        path,
      );
      expect(await answer.json()).toEqual({ result: 1, description: 'Success' });
      expect(sessionCookie(answer)).toBeUndefined();
    }
    expect(await securityLogActions('cookie.check')).toEqual([]);
  });

  it('counts failures towards lockout, as ABP’s does', async () => {
    const api = await adminClient(t.app);
    await createUser(api, 'cookie.locked');
    const browser = await newBrowser();
    const results = [];
    for (let i = 0; i < 5; i++) {
      const answer = await login(
        browser,
        { userNameOrEmailAddress: 'cookie.locked', password: 'wrong' },
        'check-password',
      );
      results.push(((await answer.json()) as { result: number }).result);
    }
    // ABP's default: the fifth failure in a row locks the user out.
    expect(results).toEqual([2, 2, 2, 2, 4]);
    const right = await login(
      browser,
      { userNameOrEmailAddress: 'cookie.locked', password: USER_PASSWORD },
      'check-password',
    );
    expect(await right.json()).toEqual({ result: 4, description: 'LockedOut' });
  });
});

describe('GET /api/account/logout', () => {
  it('ends the session and the tokens it gave out, and logs it', async () => {
    const browser = await newBrowser();
    await login(browser, { userNameOrEmailAddress: 'admin', password: TEST_ADMIN_PASSWORD });
    const { location, verifier, state } = await authorize(browser);
    const tokens = await client.authorizationCodeGrant(config, new URL(location), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const before = (await securityLogActions('admin')).filter((row) => row.action === 'Logout');

    const out = await browser.go('/api/account/logout');
    expect(out.status).toBe(204);
    expect(sessionCookie(out)).toMatch(/expires=Thu, 01 Jan 1970/i);
    expect((await authorize(browser)).location).toMatch(/^\/interaction\//);
    await expect(
      client.refreshTokenGrant(config, tokens.refresh_token as string),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    const profile = await fetch(`${origin}/api/account/my-profile`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.status).toBe(401);
    const after = (await securityLogActions('admin')).filter((row) => row.action === 'Logout');
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContainEqual({ action: 'Logout', identity: 'Identity' });
  });

  it('ignores another site’s link to it', async () => {
    const browser = await newBrowser();
    await login(browser, { userNameOrEmailAddress: 'admin', password: TEST_ADMIN_PASSWORD });
    const forged = await browser.go('/api/account/logout', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { message: XSRF_REFUSED } });
    expect(sessionCookie(forged)).toBeUndefined();
    expect((await authorize(browser)).location.startsWith(`${redirectUri()}?code=`)).toBe(true);
  });

  it('answers 204 to a browser that was not signed in', async () => {
    const out = await new SignInBrowser(origin).go('/api/account/logout');
    expect(out.status).toBe(204);
  });
});
