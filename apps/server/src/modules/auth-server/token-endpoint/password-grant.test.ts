import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../../test/create-test-app.js';
import {
  createTenant,
  createUser,
  passwordGrant,
  refreshGrant,
} from '../../../../test/sign-in-helpers.js';
import { normalize } from '../../../platform/data/audit.js';
import { acrossAllTenants, withinTenant } from '../../../platform/data/data-scope.js';
import { SettingProvider } from '../../../platform/settings/setting-manager.js';

// The resource-owner password grant's answers (ABP-REFERENCE 3.9), lockout and security log.

let t: TestApp;
const PASSWORD = 'Secret-123';

const setGlobal = (name: string, value: string | null) =>
  t.app.services.settings.setForProvider(name, value, SettingProvider.Global, '');

const userRow = (userName: string, tenantId: string | null = null) =>
  withinTenant(tenantId, () => t.app.services.users.findByNormalizedUserName(normalize(userName)));

const logActions = (userName: string) =>
  acrossAllTenants(async () =>
    (
      await t.app.services.data
        .query()
        .selectFrom('securityLogs')
        .select(['action', 'identity', 'clientId', 'creationTime'])
        .where('userName', '=', userName)
        .orderBy('creationTime')
        .execute()
    ).map((row) => row.action),
  );

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.app, 'Acme');
  await createTenant(t.app, 'Dormant', { isActive: false });
});

afterAll(async () => {
  await t?.close();
});

describe('password grant answers', () => {
  it('accepts the e-mail address instead of the user name', async () => {
    await createUser(t.app, null, 'maria', PASSWORD, 'maria@example.test');
    const response = await passwordGrant(t.app, {
      username: 'MARIA@example.test',
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(await logActions('maria')).toEqual(['LoginSucceeded']);
  });

  it('gives one message for an unknown user and a wrong password, in the caller culture', async () => {
    const unknown = await passwordGrant(t.app, { username: 'nobody', password: 'x' });
    const wrong = await passwordGrant(t.app, { username: 'admin', password: 'x' });
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'Invalid username or password!',
      });
    }
    const spanish = await passwordGrant(t.app, {
      username: 'nobody',
      password: 'x',
      culture: 'es-MX',
    });
    expect(spanish.json().error_description).toBe('¡Nombre de usuario o contraseña incorrectos!');
    expect(await logActions('nobody')).toEqual(['LoginInvalidUserName', 'LoginInvalidUserName']);
  });

  it('takes a user name with a NUL for an unknown one, logged with U+FFFD', async () => {
    // PostgreSQL refuses a NUL in text: the lookup and the log row failed the grant with a 500.
    const response = await passwordGrant(t.app, { username: 'ad\0min', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_description).toBe('Invalid username or password!');
    expect(await logActions('ad\uFFFDmin')).toEqual(['LoginInvalidUserName']);
  });

  it('signs in within the tenant named by __tenant, and not in another', async () => {
    expect((await passwordGrant(t.app, { tenant: 'Acme' })).statusCode).toBe(200);
    await createUser(t.app, null, 'hostonly', PASSWORD);
    const elsewhere = await passwordGrant(t.app, {
      username: 'hostonly',
      password: PASSWORD,
      tenant: 'Acme',
    });
    expect(elsewhere.json().error_description).toBe('Invalid username or password!');
  });

  it('refuses an unknown or inactive tenant with invalid_grant', async () => {
    const unknown = await passwordGrant(t.app, { tenant: 'Nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The given tenant is not available: Nope',
    });
    const inactive = await passwordGrant(t.app, { tenant: 'Dormant' });
    expect(inactive.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The given tenant is not active: Dormant',
    });
  });

  it('tells an inactive user only once the password is right', async () => {
    const id = await createUser(t.app, null, 'sleeper', PASSWORD);
    const user = await userRow('sleeper');
    await withinTenant(null, () =>
      t.app.services.users.update(id, user?.concurrencyStamp as string, { isActive: false }),
    );
    const wrong = await passwordGrant(t.app, { username: 'sleeper', password: 'nope' });
    expect(wrong.json().error_description).toBe('Invalid username or password!');
    const right = await passwordGrant(t.app, { username: 'sleeper', password: PASSWORD });
    expect(right.json().error_description).toMatch(/^You are not allowed to login!/);
  });

  /** A user whose stored hash is `passwordHash`, as another system wrote it. */
  const userWithHash = async (
    userName: string,
    passwordHash: string,
    tenantId: string | null = null,
  ) => {
    await createUser(t.app, tenantId, userName, PASSWORD);
    await withinTenant(tenantId, () =>
      t.app.services.data
        .query()
        .updateTable('identityUsers')
        .set({ passwordHash })
        .where('normalizedUserName', '=', normalize(userName))
        .execute(),
    );
  };

  it('makes a hash with other argon2id parameters again at sign-in, signing no one out', async () => {
    const legacyHash = await hash(PASSWORD, { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    await userWithHash('legacy', legacyHash);
    const before = await userRow('legacy');
    const first = await passwordGrant(t.app, { username: 'legacy', password: PASSWORD });
    expect(first.statusCode).toBe(200);
    const after = await userRow('legacy');
    expect(after?.passwordHash).not.toBe(legacyHash);
    expect(t.app.services.passwordHasher.needsRehash(after?.passwordHash ?? '')).toBe(false);
    // The same password: the stamps stay, so the first sign-in's tokens still work.
    expect([after?.securityStamp, after?.concurrencyStamp]).toEqual([
      before?.securityStamp,
      before?.concurrencyStamp,
    ]);
    expect((await refreshGrant(t.app, first.json().refresh_token)).statusCode).toBe(200);
    const again = await passwordGrant(t.app, { username: 'legacy', password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect((await userRow('legacy'))?.passwordHash).toBe(after?.passwordHash);
    const wrong = await passwordGrant(t.app, { username: 'legacy', password: 'Wrong-123' });
    expect(wrong.statusCode).toBe(400);
  });

  it('signs in with an ASP.NET Identity hash from an ABP database, then keeps argon2id', async () => {
    // "my password", hashed by ASP.NET Core Identity v3 (PBKDF2, HMAC-SHA512, 100 000 iterations).
    await userWithHash(
      'from-abp',
      'AQAAAAIAAYagAAAAEAABAgMEBQYHCAkKCwwNDg/Q8A0WMKbtHQJQ2DHCdoEeeFBrgNlldq6vH4qX/CGqGQ==',
    );
    const wrong = await passwordGrant(t.app, { username: 'from-abp', password: 'My password' });
    expect(wrong.statusCode).toBe(400);
    const right = await passwordGrant(t.app, { username: 'from-abp', password: 'my password' });
    expect(right.statusCode).toBe(200);
    const stored = (await userRow('from-abp'))?.passwordHash ?? '';
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(t.app.services.passwordHasher.needsRehash(stored)).toBe(false);
    const again = await passwordGrant(t.app, { username: 'from-abp', password: 'my password' });
    expect(again.statusCode).toBe(200);
  });

  it("times a tenant's taken-over hashes before its first failed check, unknown names included", async () => {
    // ASP.NET Identity v3 with HMAC-SHA256 and 20 000 rounds: a kind no other test has checked.
    const salt = randomBytes(16);
    const header = Buffer.alloc(13);
    header.writeUInt8(1, 0);
    header.writeUInt32BE(1, 1);
    header.writeUInt32BE(20_000, 5);
    header.writeUInt32BE(salt.length, 9);
    const subkey = pbkdf2Sync(PASSWORD, salt, 20_000, 32, 'sha256');
    const tenantId = await createTenant(t.app, 'Imported');
    await userWithHash(
      'imported',
      Buffer.concat([header, salt, subkey]).toString('base64'),
      tenantId,
    );
    const hasher = t.app.services.passwordHasher;
    expect(hasher.timedKinds()).not.toContain('pbkdf2:sha256:20000');

    // The first attempt in the tenant is at a name nobody has: its answer already waited for the
    // slowest kind of hash the tenant stores, as a wrong password for `imported` would.
    const unknown = await passwordGrant(t.app, {
      username: 'nobody-here',
      password: PASSWORD,
      tenant: 'Imported',
    });
    expect(unknown.statusCode).toBe(400);
    expect(hasher.timedKinds()).toContain('pbkdf2:sha256:20000');
    const right = await passwordGrant(t.app, {
      username: 'imported',
      password: PASSWORD,
      tenant: 'Imported',
    });
    expect(right.statusCode).toBe(200);
  });

  it('refuses scopes the client may not ask for and missing credentials', async () => {
    const scope = await passwordGrant(t.app, { scope: 'openid admin-everything' });
    expect(scope.json().error).toBe('invalid_scope');
    const missing = await passwordGrant(t.app, { username: '' });
    expect(missing.json().error).toBe('invalid_request');
  });

  it('logs who, where from, with which client and in which tenant', async () => {
    const acme = await t.app.services.tenantStore.findByName('Acme');
    await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'vitest-browser/1.0',
        __tenant: 'Acme',
      },
      payload: `grant_type=password&client_id=Vineta_App&username=admin&password=${encodeURIComponent(TEST_ADMIN_PASSWORD)}&scope=openid`,
    });
    const row = await withinTenant(acme?.id ?? null, () =>
      t.app.services.data
        .query()
        .selectFrom('securityLogs')
        .selectAll()
        .where('browserInfo', '=', 'vitest-browser/1.0')
        .executeTakeFirst(),
    );
    expect(row).toMatchObject({
      applicationName: 'Viñeta',
      identity: 'IdentityServer',
      action: 'LoginSucceeded',
      userName: 'admin',
      tenantId: acme?.id,
      tenantName: 'Acme',
      clientId: 'Vineta_App',
      clientIpAddress: '127.0.0.1',
    });
    expect(row?.creationTime).toBeTruthy();
  });

  it('logs one Logout for a sign-out, whichever token is revoked first', async () => {
    await createUser(t.app, null, 'signing-out', PASSWORD);
    const revoke = (token: string, hint: string) =>
      t.app.inject({
        method: 'POST',
        url: '/connect/revocation',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: 'Vineta_App',
          token,
          token_type_hint: hint,
        }).toString(),
      });
    for (const order of [
      ['access_token', 'refresh_token'],
      ['refresh_token', 'access_token'],
    ]) {
      const tokens = (
        await passwordGrant(t.app, { username: 'signing-out', password: PASSWORD })
      ).json();
      for (const kind of order) expect((await revoke(tokens[kind], kind)).statusCode).toBe(200);
    }
    expect(await logActions('signing-out')).toEqual([
      'LoginSucceeded',
      'Logout',
      'LoginSucceeded',
      'Logout',
    ]);
  });

  it('gives tokens without the API scope to userinfo but not to the API', async () => {
    const { access_token: token } = (
      await passwordGrant(t.app, { scope: 'openid profile' })
    ).json();
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/connect/userinfo', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/account/my-profile', headers })).statusCode).toBe(401);
  });

  it('issues no refresh token without offline_access and no ID token without openid', async () => {
    const body = (await passwordGrant(t.app, { scope: 'Vineta' })).json();
    expect(body.access_token).toBeTruthy();
    expect(body).not.toHaveProperty('refresh_token');
    expect(body).not.toHaveProperty('id_token');
  });
});

describe('lockout', () => {
  it('locks after MaxFailedAccessAttempts, says for how long, and lets in afterwards', async () => {
    await setGlobal('Abp.Identity.Lockout.MaxFailedAccessAttempts', '3');
    await setGlobal('Abp.Identity.Lockout.LockoutDuration', '60');
    await createUser(t.app, null, 'locky', PASSWORD);

    const attempt = (password: string) => passwordGrant(t.app, { username: 'locky', password });
    expect((await attempt('bad-1')).json().error_description).toBe('Invalid username or password!');
    expect((await attempt('bad-2')).json().error_description).toBe('Invalid username or password!');
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
    expect((await userRow('locky'))?.accessFailedCount).toBe(0);

    for (const password of ['bad-3', 'bad-4']) await attempt(password);
    const locked = await attempt('bad-5');
    // How long, not a clock time the user would have to read in the server's time zone.
    expect(locked.json().error_description).toBe(
      'The user account has been locked out due to invalid login attempts. Try again in 1 minute.',
    );
    // Even the right password is refused while locked out.
    const stillLocked = await attempt(PASSWORD);
    expect(stillLocked.json().error_description).toMatch(/locked out/);
    const row = await userRow('locky');
    expect(new Date(row?.lockoutEnd as string).getTime()).toBeGreaterThan(Date.now() + 50_000);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect((await attempt(PASSWORD)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect(await logActions('locky')).toEqual([
      'LoginInvalidUserNameOrPassword',
      'LoginInvalidUserNameOrPassword',
      'LoginSucceeded',
      'LoginInvalidUserNameOrPassword',
      'LoginInvalidUserNameOrPassword',
      'LoginLockedout',
      'LoginLockedout',
      'LoginSucceeded',
    ]);
    await setGlobal('Abp.Identity.Lockout.MaxFailedAccessAttempts', null);
    await setGlobal('Abp.Identity.Lockout.LockoutDuration', null);
  });
});

describe('lockout under a burst of guesses', () => {
  it('checks no more guesses at once than failures are left; a right one behind them stays out', async () => {
    await setGlobal('Abp.Identity.Lockout.MaxFailedAccessAttempts', '3');
    await setGlobal('Abp.Identity.Lockout.LockoutDuration', '60');
    await createUser(t.app, null, 'burst', PASSWORD);
    const attempt = (password: string) => passwordGrant(t.app, { username: 'burst', password });
    const guesses = Array.from({ length: 12 }, (_, index) => attempt(`bad-${index}`));
    const right = attempt(PASSWORD);
    const answers = await Promise.all([...guesses, right]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 400));
    expect((await right).json().error_description).toMatch(/locked out/);
    const actions = await logActions('burst');
    // Three checked (the third locks), the other ten answered "locked out" unchecked.
    expect(actions.filter((action) => action === 'LoginInvalidUserNameOrPassword')).toHaveLength(2);
    expect(actions.filter((action) => action === 'LoginLockedout')).toHaveLength(11);
    const row = await userRow('burst');
    expect(new Date(row?.lockoutEnd as string).getTime()).toBeGreaterThan(Date.now());
    await setGlobal('Abp.Identity.Lockout.MaxFailedAccessAttempts', null);
    await setGlobal('Abp.Identity.Lockout.LockoutDuration', null);
  });

  it("lets one user's sign-ins from several devices run together", async () => {
    await createUser(t.app, null, 'many-devices', PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        passwordGrant(t.app, { username: 'many-devices', password: PASSWORD }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
  });
});

describe('tokens of a changed user', () => {
  it('stop at the API within a minute once the user is deactivated', async () => {
    const id = await createUser(t.app, null, 'leaver', PASSWORD);
    const { access_token: token } = (
      await passwordGrant(t.app, { username: 'leaver', password: PASSWORD })
    ).json();
    const profile = () =>
      t.app.inject({
        url: '/api/account/my-profile',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await profile()).statusCode).toBe(200);
    const user = await userRow('leaver');
    await withinTenant(null, () =>
      t.app.services.users.update(id, user?.concurrencyStamp as string, { isActive: false }),
    );
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      expect((await profile()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stop at the token endpoint, userinfo and the API once their tenant is deactivated', async () => {
    const tenantId = await createTenant(t.app, 'Closing');
    const signedIn = (
      await passwordGrant(t.app, { tenant: 'Closing', password: TEST_ADMIN_PASSWORD })
    ).json();
    const bearer = { authorization: `Bearer ${signedIn.access_token}` };
    const userinfo = () => t.app.inject({ url: '/connect/userinfo', headers: bearer });
    expect((await userinfo()).statusCode).toBe(200);
    const host = (await passwordGrant(t.app, { password: TEST_ADMIN_PASSWORD })).json();
    const admin = { authorization: `Bearer ${host.access_token}` };
    const url = `/api/multi-tenancy/tenants/${tenantId}`;
    const tenant = (await t.app.inject({ url, headers: admin })).json();
    const deactivated = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { name: tenant.name, isActive: false, concurrencyStamp: tenant.concurrencyStamp },
    });
    expect(deactivated.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      expect((await userinfo()).statusCode).toBe(401);
      const refreshed = await refreshGrant(t.app, signedIn.refresh_token);
      expect(refreshed.statusCode).toBe(400);
      expect(refreshed.json().error).toBe('invalid_grant');
      // The API's tenant resolution refuses it, as ABP's, with the header ABP's clients sign out on.
      const api = await t.app.inject({ url: '/api/account/my-profile', headers: bearer });
      expect([api.statusCode, api.headers['abp-tenant-resolve-error']]).toEqual([
        403,
        'El inquilino indicado no est&#xE1; activo: Closing',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keep the admin password grant usable for the rest of the suite', async () => {
    expect((await passwordGrant(t.app, { password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);
  });
});
