import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { createUser, passwordGrant, refreshGrant } from '../../../test/sign-in-helpers.js';
import { acrossAllTenants } from '../../platform/data/data-scope.js';
import { SettingProvider } from '../../platform/settings/setting-manager.js';

// The signed-in user's own profile and password (ABP-REFERENCE 2.6, 3.5).

let t: TestApp;
let token: string;
const PASSWORD = 'Secret-123';

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });

const actionsOf = (userName: string) =>
  acrossAllTenants(async () =>
    (
      await t.app.services.data
        .query()
        .selectFrom('securityLogs')
        .select('action')
        .where('userName', '=', userName)
        .orderBy('creationTime')
        .execute()
    ).map((row) => row.action),
  );

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, null, 'paula', PASSWORD, 'paula@example.test');
  token = (await passwordGrant(t.app, { username: 'paula', password: PASSWORD })).json()
    .access_token;
});

afterAll(async () => {
  await t?.close();
});

describe('my profile', () => {
  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ url: '/api/account/my-profile' });
    expect(response.statusCode).toBe(401);
  });

  it('reads the profile, also at the ABP identity alias', async () => {
    const profile = (await call('GET', '/api/account/my-profile')).json();
    expect(profile).toMatchObject({
      userName: 'paula',
      email: 'paula@example.test',
      hasPassword: true,
      isExternal: false,
    });
    expect((await call('GET', '/api/identity/my-profile')).json()).toEqual(profile);
  });

  it('updates under the current stamp and refuses a stale one with 409', async () => {
    const profile = (await call('GET', '/api/account/my-profile')).json();
    const update = {
      userName: 'paula',
      email: 'paula.new@example.test',
      name: 'Paula',
      surname: 'Pérez',
      phoneNumber: '5512345678',
      concurrencyStamp: profile.concurrencyStamp,
    };
    const saved = await call('PUT', '/api/account/my-profile', update);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'paula.new@example.test', name: 'Paula' });
    expect(saved.json().concurrencyStamp).not.toBe(profile.concurrencyStamp);

    const stale = await call('PUT', '/api/account/my-profile', { ...update, name: 'Other' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/already changed by another user/);
    expect(await actionsOf('paula')).toEqual(
      expect.arrayContaining(['ChangeEmail', 'ChangePhoneNumber']),
    );
  });

  it('says which characters a user name may hold, as the identity administration does', async () => {
    const profile = (await call('GET', '/api/account/my-profile')).json();
    for (const userName of ['ad min', 'añil']) {
      const refused = await call('PUT', '/api/account/my-profile', { ...profile, userName });
      expect(refused.statusCode, userName).toBe(400);
      expect(refused.json().error.validationErrors, userName).toEqual([
        {
          message:
            'A user name can only contain unaccented letters, digits and the characters - . _ @ +',
          members: ['userName'],
        },
      ]);
    }
  });

  it('ignores a user-name change when IsUserNameUpdateEnabled is off', async () => {
    const { settings } = t.app.services;
    const name = 'Abp.Identity.User.IsUserNameUpdateEnabled';
    await settings.setForProvider(name, 'False', SettingProvider.Global, '');
    try {
      const profile = (await call('GET', '/api/account/my-profile')).json();
      const saved = await call('PUT', '/api/account/my-profile', {
        ...profile,
        userName: 'renamed',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().userName).toBe('paula');
    } finally {
      await settings.setForProvider(name, null, SettingProvider.Global, '');
    }
  });
});

describe('change password', () => {
  it('checks the current password, applies the rules, and logs the change', async () => {
    const wrong = await call('POST', '/api/account/my-profile/change-password', {
      currentPassword: 'nope',
      newPassword: 'Changed-456',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('Incorrect password.');
    const weak = await call('POST', '/api/account/my-profile/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'weakpassword',
    });
    expect(weak.json().error.code).toBe('Volo.Abp.Identity:PasswordRequiresNonAlphanumeric');
    const done = await call('POST', '/api/account/my-profile/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Changed-456',
    });
    expect(done.statusCode).toBe(204);
    expect((await passwordGrant(t.app, { username: 'paula', password: PASSWORD })).statusCode).toBe(
      400,
    );
    expect(
      (await passwordGrant(t.app, { username: 'paula', password: 'Changed-456' })).statusCode,
    ).toBe(200);
    // The session that changed the password goes on (ABP's web app stays on the page).
    expect((await call('GET', '/api/account/my-profile')).statusCode).toBe(200);
    expect(await actionsOf('paula')).toContain('ChangePassword');
  });
});

describe('a changed password', () => {
  const signIn = async (password: string) =>
    (await passwordGrant(t.app, { username: 'rosa', password })).json() as {
      access_token: string;
      refresh_token: string;
    };
  const profileWith = (accessToken: string) =>
    t.app.inject({
      url: '/api/account/my-profile',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  /** The link of the newest reset e-mail to rosa, as the outbox rendered it. */
  const newestResetLink = async () => {
    const mail = await acrossAllTenants(() =>
      t.app.services.data
        .query()
        .selectFrom('mailOutbox')
        .select('textBody')
        .where('toAddress', '=', 'rosa@example.test')
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow(),
    );
    const url = new URL(/https?:\/\/\S+reset-password\S+/.exec(mail.textBody)?.[0] ?? '');
    return {
      userId: url.searchParams.get('userId'),
      resetToken: url.searchParams.get('resetToken'),
    };
  };

  it('signs the other devices out and voids reset links; this device stays signed in', async () => {
    await createUser(t.app, null, 'rosa', PASSWORD, 'rosa@example.test');
    const here = await signIn(PASSWORD);
    const elsewhere = await signIn(PASSWORD);
    expect((await profileWith(elsewhere.access_token)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/account/send-password-reset-code',
      payload: { email: 'rosa@example.test', appName: 'Vineta' },
    });
    const link = await newestResetLink();

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/my-profile/change-password',
      headers: { authorization: `Bearer ${here.access_token}` },
      payload: { currentPassword: PASSWORD, newPassword: 'Changed-789' },
    });
    expect(changed.statusCode).toBe(204);

    expect((await profileWith(here.access_token)).statusCode).toBe(200);
    expect((await refreshGrant(t.app, here.refresh_token)).statusCode).toBe(200);
    expect((await profileWith(elsewhere.access_token)).statusCode).toBe(401);
    const refused = await refreshGrant(t.app, elsewhere.refresh_token);
    expect(refused.json().error).toBe('invalid_grant');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      headers: { 'accept-language': 'en' },
      payload: { ...link, password: 'Stolen-000' },
    });
    expect(reset.json().error.message).toBe('Invalid token.');
    expect((await signIn('Changed-789')).access_token).toBeTruthy();
  });
});

// Users without a password (external logins) and external users (an external login provider)
// have no creating API here, as in ABP: the rows are arranged the way such a provider writes them.
describe('users without a password and external users', () => {
  const signInAs = async (userName: string, change: { passwordHash?: null; isExternal?: true }) => {
    const id = await createUser(t.app, null, userName, PASSWORD, `${userName}@example.test`);
    const access = (await passwordGrant(t.app, { username: userName, password: PASSWORD })).json()
      .access_token as string;
    await acrossAllTenants(() =>
      t.app.services.data
        .query()
        .updateTable('identityUsers')
        .set(change)
        .where('id', '=', id)
        .execute(),
    );
    return (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { authorization: `Bearer ${access}`, 'accept-language': 'en' },
      });
  };

  it('sets a first password without the current one; then the current one is required', async () => {
    const as = await signInAs('nopass', { passwordHash: null });
    expect((await as('GET', '/api/account/my-profile')).json()).toMatchObject({
      hasPassword: false,
      isExternal: false,
    });
    const first = await as('POST', '/api/account/my-profile/change-password', {
      newPassword: 'First-pass-1',
    });
    expect(first.statusCode).toBe(204);
    expect((await as('GET', '/api/account/my-profile')).json().hasPassword).toBe(true);
    const withoutCurrent = await as('POST', '/api/account/my-profile/change-password', {
      newPassword: 'Second-pass-2',
    });
    expect(withoutCurrent.json().error.code).toBe('Volo.Abp.Identity:PasswordMismatch');
    expect(
      (await passwordGrant(t.app, { username: 'nopass', password: 'First-pass-1' })).statusCode,
    ).toBe(200);
  });

  it("says an external user is external and refuses to change its password (ABP's 010003)", async () => {
    const as = await signInAs('outsider', { isExternal: true });
    expect((await as('GET', '/api/account/my-profile')).json()).toMatchObject({
      hasPassword: true,
      isExternal: true,
    });
    const change = await as('POST', '/api/account/my-profile/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Other-pass-3',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.code).toBe('Volo.Abp.Identity:010003');
  });
});

describe('antiforgery', () => {
  it('hands the cookie out with the application configuration only, once per browser', async () => {
    const read = (url: string, cookie?: string) =>
      t.app.inject({
        url,
        headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
      });
    const profile = await read('/api/account/my-profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['set-cookie']).toBeUndefined();
    const first = await read('/api/abp/application-configuration');
    const cookie = first.cookies.find((entry) => entry.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    const again = await read('/api/abp/application-configuration', `XSRF-TOKEN=${cookie?.value}`);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('requires the XSRF-TOKEN echo on unsafe requests whose authority is a cookie, not a header', async () => {
    const page = await t.app.inject({ url: '/api/abp/application-configuration' });
    const cookie = page.cookies.find((entry) => entry.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.httpOnly).toBeFalsy();
    const body = { userName: 'paula', email: 'paula.new@example.test' };
    const put = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/account/my-profile', payload: body, headers });
    // A cookie jar's cookies beside a bearer token (.NET's HttpClient keeps them): no forgery.
    const jar = { cookie: `XSRF-TOKEN=${cookie?.value}` };
    expect((await put({ ...jar, authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // Cookies alone are a browser's ambient authority: the echo is required, and must be genuine.
    const missing = await put(jar);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('AbpExceptionHandling:XsrfTokenInvalid');
    const forged = await put({ cookie: 'XSRF-TOKEN=abc.def', requestverificationtoken: 'abc.def' });
    expect(forged.statusCode).toBe(400);
    const echoed = await put({ ...jar, requestverificationtoken: cookie?.value as string });
    // Past the check, the cookie-only request is anonymous to the API.
    expect(echoed.statusCode).toBe(401);
  });
});
