import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import {
  SignInBrowser,
  startAuthorization as startAuthorizationIn,
} from '../../../test/sign-in-browser.js';
import {
  createUser,
  FULL_SCOPE,
  listeningTestApp,
  WEB_CLIENT,
} from '../../../test/sign-in-helpers.js';
import { withinTenant } from '../../platform/data/data-scope.js';

// The authorization code flow with PKCE, driven by hand the way a browser would: follow the
// redirects, keep the cookies, and call the interaction API as the web app's sign-in page does.

let t: TestApp;
let origin: string;
let config: client.Configuration;
const redirectUri = () => `${origin}/signin-oidc`;

beforeAll(async () => {
  ({ t, origin, config } = await listeningTestApp());
});

afterAll(async () => {
  await t?.close();
});

class Browser extends SignInBrowser {
  constructor() {
    super(origin);
  }
}

const startAuthorization = (browser: Browser, extra: Record<string, string> = {}) =>
  startAuthorizationIn(browser, config, redirectUri(), extra);

async function signIn(browser: Browser, options: { rememberMe?: boolean; password?: string } = {}) {
  const { response, verifier, state } = await startAuthorization(browser);
  expect(response.status).toBe(303);
  const interactionUrl = response.headers.get('location') as string;
  expect(interactionUrl).toMatch(/^\/interaction\/[\w-]+$/);
  const uid = interactionUrl.split('/').pop() as string;

  const page = await browser.go(interactionUrl);
  expect(page.status).toBe(303);
  expect(page.headers.get('location')).toBe(`/account/login?interactionId=${uid}`);

  const details = await browser.go(`/interaction/${uid}/details`);
  expect(details.status).toBe(200);
  expect(await details.json()).toMatchObject({
    uid,
    prompt: 'login',
    clientId: WEB_CLIENT,
    enableLocalLogin: true,
    isSelfRegistrationEnabled: true,
  });

  const login = await browser.post(`/interaction/${uid}/login`, {
    username: 'admin',
    password: options.password ?? TEST_ADMIN_PASSWORD,
    rememberMe: options.rememberMe ?? false,
  });
  return { login, uid, verifier, state };
}

async function completeSignIn(browser: Browser, options: { rememberMe?: boolean } = {}) {
  const { login, verifier, state } = await signIn(browser, options);
  expect(login.status).toBe(200);
  const { redirectTo } = (await login.json()) as { redirectTo: string };
  const resumed = await browser.go(redirectTo);
  expect(resumed.status).toBe(303);
  const callback = new URL(resumed.headers.get('location') as string);
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri());
  return { callback, verifier, state, sessionCookie: resumed.headers.getSetCookie() };
}

/** The end-session request as a link (GET) or a posted form, which comes back as the same GET. */
async function openEndSession(browser: Browser, request: URL, method: string) {
  if (method === 'GET') return browser.go(request.toString());
  const posted = await browser.go(`${request.origin}${request.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: request.searchParams.toString(),
  });
  expect(posted.status).toBe(303);
  return browser.go(posted.headers.get('location') as string);
}

/** The form of one of the provider's self-submitting pages: where it posts, and its fields. */
function formOf(page: Response, html: string) {
  // The page submits itself with an inline script the Content-Security-Policy names by hash.
  const script = /<script>([^<]*)<\/script>/.exec(html)?.[1] as string;
  const hash = createHash('sha256').update(script).digest('base64');
  expect(page.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  const action = /<form [^>]*action="([^"]+)">/.exec(html)?.[1] as string;
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
    fields.set(name as string, (value as string).replaceAll('&amp;', '&'));
  }
  return { action, fields };
}

/** What the browser does with it: posts the fields to the action. */
const submitForm = (browser: Browser, { action, fields }: ReturnType<typeof formOf>) =>
  browser.go(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });

describe('code flow with PKCE', () => {
  it('signs in through the interaction API without consent and yields a refresh token', async () => {
    const browser = new Browser();
    const { callback, verifier, state } = await completeSignIn(browser);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.claims()?.preferred_username).toBe('admin');
    const profile = await fetch(`${origin}/api/account/my-profile`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.status).toBe(200);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token as string);
    expect(refreshed.access_token).toBeTruthy();

    // The session now exists: a second authorization goes straight back to the client.
    const again = await startAuthorization(browser);
    expect(again.response.status).toBe(303);
    expect(again.response.headers.get('location')).toContain(`${redirectUri()}?code=`);
  });

  it('takes the authorization request as a posted form, as OpenID Connect asks', async () => {
    const browser = new Browser();
    await completeSignIn(browser);
    const verifier = client.randomPKCECodeVerifier();
    const request = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: FULL_SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'posted',
    });
    const posted = await browser.go(`${request.origin}${request.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: request.searchParams.toString(),
    });
    // Back as a GET, which a browser sends with the SameSite=Lax session cookie from any site.
    expect(posted.status).toBe(303);
    const repeated = await browser.go(posted.headers.get('location') as string);
    expect(repeated.status).toBe(303);
    const callback = new URL(repeated.headers.get('location') as string);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 'posted',
    });
    expect(tokens.claims()?.preferred_username).toBe('admin');
  });

  it('returns the code with response_mode=form_post on a page of ours, in the reader’s language', async () => {
    const browser = new Browser();
    await completeSignIn(browser);
    const { response, verifier, state } = await startAuthorization(browser, {
      response_mode: 'form_post',
      ui_locales: 'fr',
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('Submitting Callback');
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('<title>Retour à l&#39;application</title>');
    expect(html).toMatch(/<noscript><h1>[^<]+<\/h1><button [^>]+>Continuer<\/button><\/noscript>/);
    const { action, fields } = formOf(response, html);
    expect(action).toBe(redirectUri());
    // What the page posts to the client is what a query would have carried: the code redeems.
    expect([...fields.keys()].sort()).toEqual(['code', 'iss', 'state']);
    const callback = new URL(`${redirectUri()}?${fields}`);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.preferred_username).toBe('admin');
  });

  it("starts an expired sign-in again with the client's own request", async () => {
    const browser = new Browser();
    const { response, verifier, state } = await startAuthorization(browser);
    const uid = (response.headers.get('location') as string).split('/').pop() as string;
    const details = await browser.go(`/interaction/${uid}/details`);
    const { restartUrl } = (await details.json()) as { restartUrl: string };
    expect(restartUrl).toMatch(/^\/connect\/authorize\?/);
    expect(new URL(restartUrl, origin).searchParams.get('state')).toBe(state);

    // The interaction's cookies last as long as it does: the browser drops them when it expires.
    browser.jar.store([
      `_interaction=; path=/interaction/${uid}`,
      `_interaction.sig=; path=/interaction/${uid}`,
    ]);
    const late = await browser.post(`/interaction/${uid}/login`, {
      username: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe(
      'Vineta:SignInExpired',
    );

    // Begun again, the sign-in ends at the client with the state and PKCE it is waiting for.
    const restarted = await browser.go(restartUrl);
    expect(restarted.status).toBe(303);
    const again = (restarted.headers.get('location') as string).split('/').pop() as string;
    expect(again).not.toBe(uid);
    const login = await browser.post(`/interaction/${again}/login`, {
      username: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    const { redirectTo } = (await login.json()) as { redirectTo: string };
    const resumed = await browser.go(redirectTo);
    const callback = new URL(resumed.headers.get('location') as string);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.preferred_username).toBe('admin');
  });

  it('refuses a wrong code verifier', async () => {
    const browser = new Browser();
    const { callback, state } = await completeSignIn(browser);
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps a persistent session cookie only with remember-me', async () => {
    const transient = await completeSignIn(new Browser(), { rememberMe: false });
    const persistent = await completeSignIn(new Browser(), { rememberMe: true });
    const sessionCookie = (headers: string[]) =>
      headers.find((value) => value.startsWith('_session='));
    expect(sessionCookie(transient.sessionCookie)).not.toMatch(/expires=/i);
    expect(sessionCookie(persistent.sessionCookie)).toMatch(/expires=/i);
  });

  it('opens the sign-in page in the language the client asks for', async () => {
    const cultureCookie = (response: Response) =>
      response.headers.getSetCookie().find((value) => value.startsWith('.AspNetCore.Culture='));
    // ABP's clients send the user's language as `culture` and `ui-culture`: kept as a choice.
    const abpClient = new Browser();
    const { response } = await startAuthorization(abpClient, { culture: 'ar', 'ui-culture': 'ar' });
    expect(response.status).toBe(303);
    const kept = cultureCookie(response);
    expect(kept).toMatch(
      /^\.AspNetCore\.Culture=c%3Dar%7Cuic%3Dar; Path=\/; Expires=.*; SameSite=Lax$/,
    );
    // For a year, as the web app keeps a language the user picked.
    const expires = Date.parse(/Expires=([^;]+)/.exec(kept ?? '')?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(364 * 86_400_000);
    // Beside the provider's own interaction cookie, which still comes.
    expect(response.headers.getSetCookie().some((value) => value.startsWith('_interaction='))).toBe(
      true,
    );
    const configuration = await abpClient.go('/api/abp/application-configuration');
    const { localization } = (await configuration.json()) as {
      localization: { currentCulture: { cultureName: string } };
    };
    expect(localization.currentCulture.cultureName).toBe('ar');

    // OpenID Connect's `ui_locales`: a hint for this browser session, the first supported tag.
    const hinted = await startAuthorization(new Browser(), { ui_locales: 'ja fr-CA' });
    expect(cultureCookie(hinted.response)).toBe(
      '.AspNetCore.Culture=c%3Dfr%7Cuic%3Dfr; Path=/; SameSite=Lax',
    );
    // Never over a language the browser has already chosen.
    const again = await startAuthorization(abpClient, { ui_locales: 'fr' });
    expect(cultureCookie(again.response)).toBeUndefined();
  });

  it('answers a wrong password with ABP error text and logs the attempt', async () => {
    const browser = new Browser();
    const { login } = await signIn(browser, { password: 'wrong' });
    expect(login.status).toBe(400);
    const body = (await login.json()) as { error: { message: string; data: { result: number } } };
    expect(body.error.message).toBe('Invalid username or password!');
    expect(body.error.data.result).toBe(2);
  });

  it('refuses the login call without the antiforgery header', async () => {
    const browser = new Browser();
    const { response } = await startAuthorization(browser);
    const uid = (response.headers.get('location') as string).split('/').pop();
    await browser.go(`/interaction/${uid}/details`);
    const forged = await browser.go(`/interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    expect(forged.status).toBe(400);
  });

  it('ends a request that finds no session on a page of ours, in the reader’s language', async () => {
    const browser = new Browser();
    const endSession = client.buildEndSessionUrl(config, {
      client_id: WEB_CLIENT,
      post_logout_redirect_uri: `${origin}/signout-callback-oidc`,
      state: 'none',
      ui_locales: 'ar',
    });
    const page = await browser.go(endSession.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('Submitting Callback');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    // Without JavaScript, the reader's own button; with it, the form submits itself.
    expect(html).toMatch(
      /<noscript><h1>تسجيل الخروج<\/h1><button [^>]+>تسجيل الخروج<\/button><\/noscript>/,
    );
    const form = formOf(page, html);
    expect([...form.fields.keys()]).toEqual(['xsrf', 'logout']);
    const confirmed = await submitForm(browser, form);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${origin}/signout-callback-oidc?state=none`);
  });

  it.each(['GET', 'POST'])(
    'ends the session at end-session and revokes its tokens (%s)',
    async (method) => {
      const browser = new Browser();
      const { callback, verifier, state } = await completeSignIn(browser);
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      const endSession = client.buildEndSessionUrl(config, {
        id_token_hint: tokens.id_token as string,
        post_logout_redirect_uri: `${origin}/signout-callback-oidc`,
        state: 'bye',
        // RP-Initiated Logout's language hint: the page, should it show, speaks it.
        ui_locales: 'ar',
      });
      const page = await openEndSession(browser, endSession, method);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<html lang="ar" dir="rtl">');
      const form = formOf(page, html);
      expect(form.fields.get('logout')).toBe('yes');
      const confirmed = await submitForm(browser, form);
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe(`${origin}/signout-callback-oidc?state=bye`);

      const profile = await fetch(`${origin}/api/account/my-profile`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(profile.status).toBe(401);
      await expect(
        client.refreshTokenGrant(config, tokens.refresh_token as string),
      ).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      // A new authorization needs a new sign-in.
      const again = await startAuthorization(browser);
      expect(again.response.headers.get('location')).toMatch(/^\/interaction\//);

      const logouts = await withinTenant(null, () =>
        t.app.services.data
          .query()
          .selectFrom('securityLogs')
          .select(['action', 'identity', 'userName'])
          .where('action', '=', 'Logout')
          .execute(),
      );
      expect(logouts).toContainEqual({
        action: 'Logout',
        identity: 'IdentityServer',
        userName: 'admin',
      });
    },
  );

  it("asks before a sign-out whose id_token_hint is someone else's, and keeps the session meanwhile", async () => {
    const browser = new Browser();
    const { callback, verifier, state } = await completeSignIn(browser);
    const victim = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    // The attacker's own ID token, valid and of this client, sent to the victim's browser.
    await createUser(t.app, null, 'mallory', 'Mallory-123');
    const attacker = await client.genericGrantRequest(config, 'password', {
      username: 'mallory',
      password: 'Mallory-123',
      scope: FULL_SCOPE,
    });
    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: attacker.id_token as string,
      post_logout_redirect_uri: `${origin}/signout-callback-oidc`,
      ui_locales: 'en',
    });
    const page = await browser.go(endSession.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<button [^>]+>Logout<\/button>/);
    const profile = await fetch(`${origin}/api/account/my-profile`, {
      headers: { authorization: `Bearer ${victim.access_token}` },
    });
    expect(profile.status).toBe(200);
  });
});
