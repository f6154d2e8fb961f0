import { supportedCultures } from '@vineta/contracts/localization/cultures';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import {
  createTenant,
  FULL_SCOPE,
  listeningTestApp,
  WEB_CLIENT,
} from '../../../test/sign-in-helpers.js';

// openid-client (a certified relying party) against the app listening on a real port, with
// APP_URL naming that port: discovery, password grant, userinfo, refresh, revocation, end-session.

let t: TestApp;
let origin: string;
let config: client.Configuration;
let tenantId: string;

/** Headers the next requests add (the web app sends `__tenant` and `Accept-Language`). */
let extraHeaders: Record<string, string> = {};

async function passwordGrant(
  parameters: Record<string, string>,
  headers: Record<string, string> = {},
) {
  extraHeaders = headers;
  try {
    return await client.genericGrantRequest(config, 'password', {
      scope: FULL_SCOPE,
      ...parameters,
    });
  } finally {
    extraHeaders = {};
  }
}

const api = (accessToken: string, path = '/api/account/my-profile') =>
  fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });

beforeAll(async () => {
  ({ t, origin, config } = await listeningTestApp());
  tenantId = await createTenant(t.app, 'Acme');
  config[client.customFetch] = (url, options) => {
    const headers = new Headers(options.headers as ConstructorParameters<typeof Headers>[0]);
    for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
    return fetch(url, { ...options, headers } as RequestInit);
  };
});

afterAll(async () => {
  await t?.close();
});

describe('discovery', () => {
  it('publishes the issuer exactly as APP_URL and ABP endpoint paths', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(origin);
    expect(metadata.token_endpoint).toBe(`${origin}/connect/token`);
    expect(metadata.authorization_endpoint).toBe(`${origin}/connect/authorize`);
    expect(metadata.userinfo_endpoint).toBe(`${origin}/connect/userinfo`);
    expect(metadata.revocation_endpoint).toBe(`${origin}/connect/revocation`);
    expect(metadata.introspection_endpoint).toBe(`${origin}/connect/introspect`);
    expect(metadata.end_session_endpoint).toBe(`${origin}/connect/endsession`);
    expect(metadata.jwks_uri).toBe(`${origin}/.well-known/openid-configuration/jwks`);
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'password']),
    );
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    // The sign-in page's languages: the shipped cultures, Mexican Spanish first.
    expect(metadata.ui_locales_supported).toEqual([...supportedCultures]);
    expect(metadata.ui_locales_supported?.[0]).toBe('es-MX');
  });

  it('publishes public signing keys only', async () => {
    const jwks = (await (
      await fetch(`${origin}/.well-known/openid-configuration/jwks`)
    ).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
  });
});

describe('ID token signatures', () => {
  it('verify against the published key set: ES256, the active key, from both grants', async () => {
    const jwks = (await (
      await fetch(`${origin}/.well-known/openid-configuration/jwks`)
    ).json()) as JSONWebKeySet;
    const keySet = createLocalJWKSet(jwks);
    const signedIn = await passwordGrant({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    const refreshed = await client.refreshTokenGrant(config, signedIn.refresh_token as string);
    for (const idToken of [signedIn.id_token, refreshed.id_token]) {
      const { payload, protectedHeader } = await jwtVerify(idToken as string, keySet, {
        issuer: origin,
        audience: WEB_CLIENT,
      });
      expect(protectedHeader).toEqual({
        alg: 'ES256',
        kid: jwks.keys.find((key) => key.alg === 'ES256')?.kid,
      });
      expect(payload).toMatchObject({ name: 'admin', preferred_username: 'admin' });
    }
  });
});

describe('password grant', () => {
  it('signs the host admin in; the tokens work at userinfo and at the API', async () => {
    const tokens = await passwordGrant({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toBeTruthy();
    const claims = tokens.claims();
    expect(claims?.iss).toBe(origin);
    expect(claims?.name).toBe('admin');
    expect(claims).not.toHaveProperty('tenantid');

    const userInfo = await client.fetchUserInfo(
      config,
      tokens.access_token,
      client.skipSubjectCheck,
    );
    expect(userInfo).toMatchObject({
      sub: claims?.sub,
      preferred_username: 'admin',
      role: ['admin'],
    });

    const profile = await api(tokens.access_token);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ userName: 'admin', hasPassword: true });
  });

  it('signs a tenant admin in with the __tenant header; the tokens carry tenantid', async () => {
    const tokens = await passwordGrant(
      { username: 'admin', password: TEST_ADMIN_PASSWORD },
      { __tenant: 'Acme' },
    );
    expect(tokens.claims()?.tenantid).toBe(tenantId);
    const userInfo = await client.fetchUserInfo(
      config,
      tokens.access_token,
      client.skipSubjectCheck,
    );
    expect(userInfo.tenantid).toBe(tenantId);
    const introspection = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspection).toMatchObject({
      active: true,
      client_id: WEB_CLIENT,
      tenantid: tenantId,
    });
  });

  it('answers invalid_grant with ABP text for a wrong password', async () => {
    await expect(
      passwordGrant({ username: 'admin', password: 'wrong' }, { 'accept-language': 'en' }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: 'Invalid username or password!',
    });
  });
});

describe('refresh, revocation and sign-out', () => {
  it('rotates refresh tokens and revokes the grant when a used one comes back', async () => {
    const first = await passwordGrant({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    const second = await client.refreshTokenGrant(config, first.refresh_token as string);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await api(second.access_token)).status).toBe(200);

    await expect(
      client.refreshTokenGrant(config, first.refresh_token as string),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Reuse detection ended the whole grant: the rotated token and its access token are dead too.
    await expect(
      client.refreshTokenGrant(config, second.refresh_token as string),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await api(second.access_token)).status).toBe(401);
  });

  it('revokes: a revoked refresh token ends the grant, at the API too', async () => {
    const tokens = await passwordGrant({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    await client.tokenRevocation(config, tokens.refresh_token as string, {
      token_type_hint: 'refresh_token',
    });
    await expect(
      client.refreshTokenGrant(config, tokens.refresh_token as string),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await client.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    const response = await api(tokens.access_token);
    expect(response.status).toBe(401);
    expect(response.headers.get('_abperrorformat')).toBe('true');
  });

  // The API keeps verified tokens briefly (access-token-cache.ts): a token it has just accepted
  // must still stop at once when it is revoked.
  it('stops an access token the API has already accepted once it is revoked', async () => {
    const tokens = await passwordGrant({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect((await api(tokens.access_token)).status).toBe(200);
    expect((await api(tokens.access_token)).status).toBe(200);
    await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    expect((await api(tokens.access_token)).status).toBe(401);
  });

  it('stops the access tokens of a grant whose refresh token is revoked, though already accepted', async () => {
    const tokens = await passwordGrant({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    const rotated = await client.refreshTokenGrant(config, tokens.refresh_token as string);
    expect((await api(tokens.access_token)).status).toBe(200);
    expect((await api(rotated.access_token)).status).toBe(200);
    await client.tokenRevocation(config, rotated.refresh_token as string, {
      token_type_hint: 'refresh_token',
    });
    expect((await api(tokens.access_token)).status).toBe(401);
    expect((await api(rotated.access_token)).status).toBe(401);
  });

  it('refuses tampered and unknown tokens at the API with ABP 401; what anyone may read answers', async () => {
    const tokens = await passwordGrant({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    const tampered = `${tokens.access_token.slice(0, -2)}xx`;
    for (const token of [tampered, 'not-a-token', tokens.id_token as string]) {
      const response = await api(token);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(
        ((await response.json()) as { error: { message: string } }).error.message,
      ).toBeTruthy();
      // As ASP.NET's bearer handler: a token that does not hold leaves the caller anonymous.
      const configuration = await api(token, '/api/abp/application-configuration');
      expect(configuration.status).toBe(200);
      expect(
        ((await configuration.json()) as { currentUser: { isAuthenticated: boolean } }).currentUser
          .isAuthenticated,
      ).toBe(false);
    }
  });

  it('ends the session and revokes its tokens at end-session', async () => {
    const tokens = await passwordGrant({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: `${origin}/signout-callback-oidc`,
      state: 'bye',
    });
    // Without a browser session there is nothing to end, but the endpoint accepts the request.
    const page = await fetch(url, { redirect: 'manual' });
    expect([200, 303]).toContain(page.status);
  });
});
