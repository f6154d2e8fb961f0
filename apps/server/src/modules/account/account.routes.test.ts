import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import {
  createTenant,
  createUser,
  passwordGrant,
  refreshGrant,
} from '../../../test/sign-in-helpers.js';
import {
  freePort,
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
  waitFor,
} from '../../../test/smtp-test-server.js';
import { creationAudit, newConcurrencyStamp, normalize } from '../../platform/data/audit.js';
import { acrossAllTenants, withinTenant } from '../../platform/data/data-scope.js';
import { MailSetting } from '../../platform/mail/mail.settings.js';
import { SettingProvider } from '../../platform/settings/setting-manager.js';

// Registration and password reset through the HTTP API (ABP-REFERENCE 2.7, 3.5). Reset mails take
// the application's own path: the outbox, its worker, SMTP with the settings of the user's
// tenant, and an in-process SMTP server that receives them.

let t: TestApp;
let smtp: SmtpTestServer;
const PASSWORD = 'Secret-123';

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en', ...headers } });

/** The next reset mail the SMTP server receives for `address` (after `received` earlier ones). */
async function resetMailTo(
  address: string,
  server: SmtpTestServer = smtp,
  received = server.received.length,
): Promise<ReceivedMail> {
  return waitFor(() => server.received.slice(received).find((mail) => mail.to.includes(address)), {
    timeoutMs: 20_000,
  });
}

const linkParameters = (mail: ReceivedMail) => {
  const link = /http:\/\/localhost:3000\/account\/reset-password\?[^\s"<]+/.exec(mail.text ?? '');
  const url = new URL((link?.[0] ?? 'http://x').replaceAll('&amp;', '&'));
  return {
    link: url.toString(),
    userId: url.searchParams.get('userId') as string,
    resetToken: url.searchParams.get('resetToken') as string,
    tenant: url.searchParams.get('__tenant'),
  };
};

beforeAll(async () => {
  smtp = await startSmtpTestServer({ port: await freePort() });
  t = await createTestApp();
  await t.app.services.settings.setForProvider(
    MailSetting.Port,
    String(smtp.port),
    SettingProvider.Global,
    '',
  );
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('register', () => {
  it('creates the user with the default roles; the user can then sign in', async () => {
    await withinTenant(null, () =>
      t.app.services.roles.insert({
        id: crypto.randomUUID(),
        name: 'reader',
        normalizedName: normalize('reader'),
        isDefault: true,
        concurrencyStamp: newConcurrencyStamp(),
        creationTime: creationAudit().creationTime,
      }),
    );
    const response = await post('/api/account/register', {
      userName: 'newbie',
      emailAddress: 'newbie@example.test',
      password: PASSWORD,
      appName: 'Angular',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userName: 'newbie', isActive: true, tenantId: null });
    const grant = await passwordGrant(t.app, { username: 'newbie', password: PASSWORD });
    expect(grant.statusCode).toBe(200);
    const userInfo = await t.app.inject({
      url: '/connect/userinfo',
      headers: { authorization: `Bearer ${grant.json().access_token}` },
    });
    expect(userInfo.json().role).toEqual(['reader']);
  });

  it('refuses a taken user name, a weak password and bad input', async () => {
    const base = { emailAddress: 'other@example.test', password: PASSWORD, appName: 'Angular' };
    const taken = await post('/api/account/register', { ...base, userName: 'NEWBIE' });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().error.message).toBe("Username 'NEWBIE' is already taken.");
    // The identity administration's answer too (ABP: AbpIdentityResultException, 403 for both).
    expect(taken.json().error.code).toBe('Volo.Abp.Identity:DuplicateUserName');
    const takenEmail = await post('/api/account/register', {
      ...base,
      userName: 'someone-else',
      emailAddress: 'NEWBIE@example.test',
    });
    expect(takenEmail.statusCode).toBe(403);
    expect(takenEmail.json().error).toMatchObject({
      code: 'Volo.Abp.Identity:DuplicateEmail',
      message: "Email 'NEWBIE@example.test' is already taken.",
    });
    // Another's address as a user name would take over that user's sign-in by address.
    const squatter = await post('/api/account/register', {
      ...base,
      userName: 'Newbie@Example.test',
      emailAddress: 'squatter@example.test',
    });
    expect(squatter.statusCode).toBe(403);
    expect(squatter.json().error.code).toBe('Volo.Abp.Identity:DuplicateUserName');
    const weak = await post('/api/account/register', {
      ...base,
      userName: 'weak',
      password: 'abc',
    });
    expect(weak.json().error.message).toMatch(/^Passwords must be at least 6 characters\. .*digit/);
    const invalid = await post('/api/account/register', {
      ...base,
      userName: '',
      emailAddress: 'no',
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('is refused with "Self registration is disabled." when the setting is off', async () => {
    const { settings } = t.app.services;
    await settings.setForProvider(
      'Abp.Account.IsSelfRegistrationEnabled',
      'False',
      SettingProvider.Global,
      '',
    );
    try {
      const response = await post('/api/account/register', {
        userName: 'blocked',
        emailAddress: 'blocked@example.test',
        password: PASSWORD,
        appName: 'Angular',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('Self registration is disabled.');
    } finally {
      await settings.setForProvider(
        'Abp.Account.IsSelfRegistrationEnabled',
        null,
        SettingProvider.Global,
        '',
      );
    }
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known addresses, mailing only the known one', async () => {
    await createUser(t.app, null, 'forgetful', PASSWORD, 'forgetful@example.test');
    const earlier = smtp.received.length;
    const unknown = await post('/api/account/send-password-reset-code', {
      email: 'ghost@example.test',
      appName: 'Angular',
    });
    const known = await post('/api/account/send-password-reset-code', {
      email: 'Forgetful@example.test',
      appName: 'Angular',
    });
    expect(unknown.statusCode).toBe(204);
    expect(known.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    const mail = await resetMailTo('forgetful@example.test', smtp, earlier);
    expect(linkParameters(mail).link).toMatch(
      /^http:\/\/localhost:3000\/account\/reset-password\?userId=[\w-]+&resetToken=/,
    );
    // The worker sends in order: the unknown address, asked for first, got nothing.
    expect(smtp.received.slice(earlier).flatMap((each) => each.to)).toEqual([
      'forgetful@example.test',
    ]);
  });

  it('counts reset mails per tenant and address, however the address is written', async () => {
    await createUser(t.app, null, 'vera', PASSWORD, 'vera@example.test');
    await createTenant(t.app, 'Elsewhere');
    const ask = (email: string, headers: Record<string, string> = {}) =>
      post('/api/account/send-password-reset-code', { email, appName: 'Angular' }, headers);
    // Asks under another tenant do not spend the host's budget for the address.
    for (let i = 0; i < 5; i++) {
      expect((await ask('vera@example.test', { __tenant: 'Elsewhere' })).statusCode).toBe(204);
    }
    // Written otherwise it is the same address, as the user lookup reads it: five mails in all.
    for (const email of [
      'vera@example.test',
      'VERA@example.test',
      'ｖｅｒａ@example.test',
      'vera@ｅｘａｍｐｌｅ.test',
      'Vera@Example.test',
      'vera@example.test',
    ]) {
      expect((await ask(email)).statusCode).toBe(204);
    }
    const queued = await acrossAllTenants(() =>
      t.app.services.data
        .query()
        .selectFrom('mailOutbox')
        .select('id')
        .where('toAddress', '=', 'vera@example.test')
        .execute(),
    );
    expect(queued).toHaveLength(5);
  });

  it('kills a link mailed to an address its owner has since left', async () => {
    await createUser(t.app, null, 'mover', PASSWORD, 'mover@example.test');
    const mail = resetMailTo('mover@example.test');
    await post('/api/account/send-password-reset-code', {
      email: 'mover@example.test',
      appName: 'Angular',
    });
    const { userId, resetToken } = linkParameters(await mail);
    expect(
      (await post('/api/account/verify-password-reset-token', { userId, resetToken })).json(),
    ).toBe(true);
    const { access_token } = (
      await passwordGrant(t.app, { username: 'mover', password: PASSWORD })
    ).json();
    const authorization = `Bearer ${access_token}`;
    const profile = (
      await t.app.inject({ url: '/api/account/my-profile', headers: { authorization } })
    ).json();
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/account/my-profile',
      headers: { authorization },
      payload: { ...profile, email: 'mover-new@example.test' },
    });
    expect(moved.statusCode).toBe(200);
    expect(
      (await post('/api/account/verify-password-reset-token', { userId, resetToken })).json(),
    ).toBe(false);
    const reset = await post('/api/account/reset-password', {
      userId,
      resetToken,
      password: 'Taken-over-1',
    });
    expect(reset.statusCode).toBe(403);
    // Moving the address signs no one out (decision 011): the session goes on.
    expect(
      (await t.app.inject({ url: '/api/account/my-profile', headers: { authorization } }))
        .statusCode,
    ).toBe(200);
  });

  it('resets once: the token dies, the old password and refresh tokens stop working, a lockout ends', async () => {
    const before = (
      await passwordGrant(t.app, { username: 'forgetful', password: PASSWORD })
    ).json();
    // Accepted once, the token sits in the API's cache of verified tokens: the reset must end it.
    const seen = await t.app.inject({
      url: '/api/account/my-profile',
      headers: { authorization: `Bearer ${before.access_token}` },
    });
    expect(seen.statusCode).toBe(200);
    // Someone guessed until the account locked; the owner then resets by mail.
    for (let i = 0; i < 5; i++)
      await passwordGrant(t.app, { username: 'forgetful', password: 'x' });
    const locked = await passwordGrant(t.app, { username: 'forgetful', password: PASSWORD });
    expect(locked.json().error_description).toMatch(/locked out/);
    const mail = resetMailTo('forgetful@example.test');
    await post('/api/account/send-password-reset-code', {
      email: 'forgetful@example.test',
      appName: 'Angular',
    });
    const { userId, resetToken } = linkParameters(await mail);
    const verify = await post('/api/account/verify-password-reset-token', { userId, resetToken });
    expect(verify.json()).toBe(true);

    const reset = await post('/api/account/reset-password', {
      userId,
      resetToken,
      password: 'Changed-456',
    });
    expect(reset.statusCode).toBe(204);
    const again = await post('/api/account/reset-password', {
      userId,
      resetToken,
      password: 'Other-789',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('Invalid token.');

    const oldPassword = await passwordGrant(t.app, { username: 'forgetful', password: PASSWORD });
    expect(oldPassword.json().error).toBe('invalid_grant');
    expect(
      (await passwordGrant(t.app, { username: 'forgetful', password: 'Changed-456' })).statusCode,
    ).toBe(200);
    expect((await refreshGrant(t.app, before.refresh_token)).json().error).toBe('invalid_grant');
    const api = await t.app.inject({
      url: '/api/account/my-profile',
      headers: { authorization: `Bearer ${before.access_token}` },
    });
    expect(api.statusCode).toBe(401);
  });

  it('refuses an expired token and one checked against the wrong password rules', async () => {
    const mail = resetMailTo('forgetful@example.test');
    await post('/api/account/send-password-reset-code', {
      email: 'forgetful@example.test',
      appName: 'Angular',
    });
    const { userId, resetToken } = linkParameters(await mail);
    const weak = await post('/api/account/reset-password', {
      userId,
      resetToken,
      password: 'short',
    });
    expect(weak.json().error.code).toBe('Volo.Abp.Identity:PasswordTooShort');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3600_000 + 1000 });
    try {
      const expired = await post('/api/account/reset-password', {
        userId,
        resetToken,
        password: 'Fresh-123',
      });
      expect(expired.json().error.message).toBe('Invalid token.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a tenant user reset within the tenant: its SMTP settings, its name, __tenant in the link', async () => {
    const tenantId = await createTenant(t.app, 'Globex', { adminEmail: 'boss@globex.test' });
    const tenantSmtp = await startSmtpTestServer({ port: await freePort() });
    try {
      await t.app.services.settings.setForProvider(
        MailSetting.Port,
        String(tenantSmtp.port),
        SettingProvider.Tenant,
        tenantId,
      );
      const mail = resetMailTo('boss@globex.test', tenantSmtp);
      await post(
        '/api/account/send-password-reset-code',
        { email: 'boss@globex.test', appName: 'Angular' },
        { __tenant: 'Globex' },
      );
      const received = await mail;
      const { userId, resetToken, tenant } = linkParameters(received);
      expect(tenant).toBe(tenantId);
      // Named in the mail, for someone with accounts in several tenants.
      expect(received.text).toContain('The account belongs to the tenant Globex.');
      expect(smtp.received.some((each) => each.to.includes('boss@globex.test'))).toBe(false);
      const inHost = await post('/api/account/reset-password', {
        userId,
        resetToken,
        password: 'Fresh-123',
      });
      expect(inHost.json().error.message).toBe('Invalid token.');
      const inTenant = await post(
        '/api/account/reset-password',
        { userId, resetToken, password: 'Fresh-123' },
        { __tenant: tenantId },
      );
      expect(inTenant.statusCode).toBe(204);
      expect(
        (await passwordGrant(t.app, { password: 'Fresh-123', tenant: 'Globex' })).statusCode,
      ).toBe(200);
      expect((await passwordGrant(t.app, { password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);
    } finally {
      await tenantSmtp.close();
    }
  });
});
