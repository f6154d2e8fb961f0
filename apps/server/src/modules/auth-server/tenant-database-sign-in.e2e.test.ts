import { join } from 'node:path';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';
import { SignInBrowser } from '../../../test/sign-in-browser.js';
import {
  FULL_SCOPE,
  freePort,
  listeningTestApp,
  passwordGrant,
  refreshGrant,
  WEB_CLIENT,
} from '../../../test/sign-in-helpers.js';
import { startSmtpTestServer, waitFor } from '../../../test/smtp-test-server.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { createRawKysely } from '../../db/database.js';
import { acrossAllTenants } from '../../platform/data/data-scope.js';
import { MailSetting } from '../../platform/mail/mail.settings.js';
import { SettingProvider } from '../../platform/settings/setting-manager.js';

// Decision 003's last gap: the users of a tenant with its own database (a second database of the
// test's engine) sign in by password and by code flow, and their tokens work at userinfo, at the
// API and at refresh, also once the sign-in server has forgotten them (another instance, or its
// 30-second cache gone). The user here is registered after the move, so it exists nowhere else.

let t: TestApp;
let origin: string;
let oidc: client.Configuration;
let tenantDatabase: TestDatabase;
let tenantDb: Kysely<{
  identity_users: { id: string; user_name: string; tenant_id: string };
  security_logs: { user_id: string | null; action: string; tenant_id: string | null };
}>;
let tenantId: string;
const TENANT = 'acme';
const PASSWORD = 'Lola-Pass-1!';

let userId: string;

/** What another instance (or this one, 30 s later) knows of the user: nothing cached. */
const forgetCachedAccount = () =>
  t.app.services.identityChanges.usersChanged({ userIds: [userId], signOut: false });

const userinfo = (accessToken: string) =>
  fetch(`${origin}/connect/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
const myProfile = (accessToken: string) =>
  t.app.inject({ url: '/api/account/my-profile', headers: bearer(accessToken) });

beforeAll(async () => {
  ({ t, origin, config: oidc } = await listeningTestApp());

  tenantDatabase = await createTestDatabase();
  const target = tenantDatabase.target;
  const host = bearer(await accessTokenFor(t.app, 'admin', TEST_ADMIN_PASSWORD));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/multi-tenancy/tenants',
    headers: host,
    payload: { name: 'Acme', adminEmailAddress: 'admin@acme.mx', adminPassword: 'Admin-Pass-1!' },
  });
  tenantId = created.json().id;
  // On SQLite a tenant's own file must lie in the data folder.
  const connectionString =
    target.dialect === 'sqlite' ? 'tenants/acme-own.sqlite' : target.connectionString;
  const moved = await t.app.inject({
    method: 'PUT',
    url: `/api/multi-tenancy/tenants/${tenantId}/default-connection-string?defaultConnectionString=${encodeURIComponent(connectionString)}`,
    headers: host,
  });
  expect(moved.statusCode).toBe(204);
  tenantDb = createRawKysely(
    target.dialect === 'sqlite'
      ? { dialect: 'sqlite', file: join(t.config.dataDir, connectionString) }
      : target,
  ) as typeof tenantDb;

  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/account/register',
    headers: { __tenant: TENANT },
    payload: {
      userName: 'lola',
      emailAddress: 'lola@acme.mx',
      password: PASSWORD,
      appName: 'Angular',
    },
  });
  expect(registered.statusCode).toBe(200);
  userId = registered.json().id;
});

afterAll(async () => {
  await tenantDb?.destroy();
  await t?.close();
  await tenantDatabase?.drop();
});

describe('a tenant with its own database', () => {
  it('registers the user into that database only', async () => {
    const rows = await tenantDb.selectFrom('identity_users').selectAll().execute();
    expect(rows.find((row) => row.user_name === 'lola')).toMatchObject({
      id: userId,
      tenant_id: tenantId,
    });
    const shared = await acrossAllTenants(() =>
      t.app.services.data.db
        .selectFrom('identityUsers')
        .select('id')
        .where('id', '=', userId)
        .execute(),
    );
    expect(shared).toEqual([]);
  });

  it('signs the user in by password; userinfo, the API and refresh find it', async () => {
    const response = await passwordGrant(t.app, {
      username: 'lola',
      password: PASSWORD,
      tenant: TENANT,
    });
    expect(response.statusCode, response.body).toBe(200);
    const tokens = response.json() as { access_token: string; refresh_token: string };

    await forgetCachedAccount();
    const claims = await (await userinfo(tokens.access_token)).json();
    expect(claims).toMatchObject({ sub: userId, tenantid: tenantId, preferred_username: 'lola' });

    await forgetCachedAccount();
    const profile = await myProfile(tokens.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ userName: 'lola', email: 'lola@acme.mx' });

    await forgetCachedAccount();
    const refreshed = await refreshGrant(t.app, tokens.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await myProfile(refreshed.json().access_token)).statusCode).toBe(200);
  });

  it('signs the user in by code flow through the sign-in page, with the tenant box', async () => {
    const browser = new SignInBrowser(origin, { __tenant: TENANT });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorize = await browser.go(
      client
        .buildAuthorizationUrl(oidc, {
          redirect_uri: `${origin}/signin-oidc`,
          scope: FULL_SCOPE,
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
        })
        .toString(),
    );
    const uid = (authorize.headers.get('location') as string).split('/').pop() as string;
    await browser.go(`/interaction/${uid}`);
    // What the sign-in page reads first, which hands it the XSRF cookie its post echoes.
    await browser.go('/api/abp/application-configuration');
    const login = await browser.post(`/interaction/${uid}/login`, {
      username: 'lola',
      password: PASSWORD,
      rememberMe: false,
    });
    expect(login.status).toBe(200);
    await forgetCachedAccount();
    const resumed = await browser.go(((await login.json()) as { redirectTo: string }).redirectTo);
    const callback = new URL(resumed.headers.get('location') as string);

    await forgetCachedAccount();
    const tokens = await client.authorizationCodeGrant(oidc, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()).toMatchObject({ sub: userId, tenantid: tenantId });
    expect((await myProfile(tokens.access_token)).statusCode).toBe(200);

    await forgetCachedAccount();
    const refreshed = await client.refreshTokenGrant(oidc, tokens.refresh_token as string);
    expect((await myProfile(refreshed.access_token)).statusCode).toBe(200);
  });

  it('resets the password through the e-mailed link; the old one stops working', async () => {
    const port = await freePort();
    const smtp = await startSmtpTestServer({ port });
    try {
      await t.app.services.settings.setForProvider(
        MailSetting.Port,
        String(port),
        SettingProvider.Global,
        '',
      );
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/account/send-password-reset-code',
        headers: { __tenant: TENANT, 'accept-language': 'en' },
        payload: { email: 'lola@acme.mx', appName: 'Angular' },
      });
      expect(asked.statusCode).toBe(204);
      t.app.services.mailWorker.nudge();
      const mail = await waitFor(() => smtp.received[0], { timeoutMs: 20_000 });
      expect(mail.to).toEqual(['lola@acme.mx']);
      const link = new RegExp(`${origin}/account/reset-password\\?[^\\s"<]+`).exec(
        mail.text ?? '',
      )?.[0];
      const url = new URL((link as string).replaceAll('&amp;', '&'));
      expect(url.searchParams.get('__tenant')).toBeTruthy();

      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/account/reset-password',
        headers: { __tenant: url.searchParams.get('__tenant') as string },
        payload: {
          userId: url.searchParams.get('userId'),
          resetToken: url.searchParams.get('resetToken'),
          password: 'Lola-New-Pass-2!',
        },
      });
      expect(reset.statusCode, reset.body).toBe(204);
      const old = await passwordGrant(t.app, {
        username: 'lola',
        password: PASSWORD,
        tenant: TENANT,
      });
      expect(old.statusCode).toBe(400);
      const renewed = await passwordGrant(t.app, {
        username: 'lola',
        password: 'Lola-New-Pass-2!',
        tenant: TENANT,
      });
      expect(renewed.statusCode).toBe(200);
    } finally {
      await smtp.close();
    }
  }, 40_000);

  it("keeps the user's security log in that database, sign-out included", async () => {
    const tokens = (
      await passwordGrant(t.app, { username: 'lola', password: 'Lola-New-Pass-2!', tenant: TENANT })
    ).json() as { refresh_token: string };
    await forgetCachedAccount();
    const revoked = await fetch(`${origin}/connect/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: WEB_CLIENT,
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
      }),
    });
    expect(revoked.status).toBe(200);

    const actions = (
      await tenantDb.selectFrom('security_logs').selectAll().where('user_id', '=', userId).execute()
    ).map((row) => {
      expect(row.tenant_id).toBe(tenantId);
      return row.action;
    });
    expect(actions).toEqual(
      expect.arrayContaining([
        'LoginSucceeded',
        'LoginInvalidUserNameOrPassword',
        'ChangePassword',
        'Logout',
      ]),
    );
    const shared = await acrossAllTenants(() =>
      t.app.services.data.db
        .selectFrom('securityLogs')
        .select('id')
        .where('userId', '=', userId)
        .execute(),
    );
    expect(shared).toEqual([]);
  });
});
