import type { APIRequestContext, Page } from '@playwright/test';
import { appPort } from './ports';

export const baseUrl = process.env.E2E_BASE_URL ?? `http://localhost:${appPort}`;
export const clientId = 'Vineta_App';
export const scope = 'openid profile email phone roles offline_access Vineta';
export const admin = { username: 'admin', password: '1q2w3E*' };

/**
 * A password grant with a wrong password, as a failed sign-in: the server refuses it (400) and
 * writes it to the security log, counting it against the user's lockout when the user exists.
 */
export async function failSignIn(request: APIRequestContext, username: string) {
  const response = await request.post('/connect/token', {
    form: {
      grant_type: 'password',
      client_id: clientId,
      scope,
      username,
      password: 'Wrong-passw0rd-1',
    },
  });
  if (response.status() !== 400)
    throw new Error(`a wrong password was answered ${response.status()}: ${await response.text()}`);
}

/** A password-grant token from the real token endpoint. */
export async function requestToken(
  request: APIRequestContext,
  credentials: { username: string; password: string },
  tenantId?: string,
) {
  const response = await request.post('/connect/token', {
    form: { grant_type: 'password', client_id: clientId, scope, ...credentials },
    headers: tenantId ? { __tenant: tenantId } : {},
  });
  if (!response.ok())
    throw new Error(`token request failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as {
    access_token: string;
    refresh_token?: string;
    expires_in: number;
  };
}

/**
 * Signs the browser in the way the app's password flow leaves it: oidc-client-ts's stored user
 * plus the remember-me cookie. The sign-in form itself belongs to the account screens. `stored`
 * changes what is stored: a shorter lifetime (the app refreshes 60 s before expiry) or another
 * refresh token.
 */
export async function signIn(
  page: Page,
  request: APIRequestContext,
  credentials = admin,
  stored: { expiresIn?: number; refreshToken?: string } = {},
) {
  const issued = await requestToken(request, credentials);
  const token = {
    ...issued,
    expires_in: stored.expiresIn ?? issued.expires_in,
    refresh_token: stored.refreshToken ?? issued.refresh_token,
  };
  // Any page of the origin holds its localStorage; the liveness probe's is the cheapest, where
  // the app's own would boot the whole app only for the spec's next `goto` to boot it again.
  await page.goto('/health/live');
  const origin = new URL(page.url()).origin;
  await page.evaluate(
    ({ token, key }) => {
      localStorage.setItem(
        key,
        JSON.stringify({
          access_token: token.access_token,
          refresh_token: token.refresh_token,
          token_type: 'Bearer',
          scope: 'openid profile email phone roles offline_access Vineta',
          expires_at: Math.floor(Date.now() / 1000) + token.expires_in,
          profile: {},
        }),
      );
      localStorage.setItem('passwordFlow', 'true');
    },
    { token, key: `oidc.user:${origin}:${clientId}` },
  );
  await page.context().addCookies([{ name: 'rememberMe', value: 'true', url: origin }]);
  return issued;
}

/** oidc-client-ts's stored user, or null once the app dropped it. */
export function storedUser(page: Page): Promise<string | null> {
  return page.evaluate(
    (key) => localStorage.getItem(key),
    `oidc.user:${new URL(page.url()).origin}:${clientId}`,
  );
}

/** Revokes a token at the sign-in server's revocation endpoint (the whole grant goes with it). */
export async function revokeToken(
  request: APIRequestContext,
  token: string,
  hint: 'access_token' | 'refresh_token',
) {
  const response = await request.post('/connect/revocation', {
    form: { token, token_type_hint: hint, client_id: clientId },
  });
  if (!response.ok()) throw new Error(`revocation failed: ${response.status()}`);
}

/** Registers a user without any policy (self-registration is on by default). */
export async function registerUser(request: APIRequestContext, userName: string) {
  const password = 'Vineta-e2e-1!';
  const response = await request.post('/api/account/register', {
    data: { userName, emailAddress: `${userName}@vineta.test`, password, appName: 'Angular' },
  });
  if (!response.ok())
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return { username: userName, password };
}

/** Chooses the language the way a first visit does: the culture cookie the server reads. */
export async function useLanguage(page: Page, culture: string) {
  await page.context().addCookies([
    {
      name: '.AspNetCore.Culture',
      value: encodeURIComponent(`c=${culture}|uic=${culture}`),
      url: baseUrl,
    },
  ]);
  await page.addInitScript((language) => {
    if (!localStorage.getItem('abpSession')) {
      localStorage.setItem('abpSession', JSON.stringify({ language, tenant: null }));
    }
  }, culture);
}

export const artifacts = 'e2e/.artifacts';
