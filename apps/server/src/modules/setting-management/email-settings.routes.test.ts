import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';
import { createUser } from '../../../test/sign-in-helpers.js';
import { type SmtpTestServer, startSmtpTestServer } from '../../../test/smtp-test-server.js';
import { MailSetting } from '../../platform/mail/mail.settings.js';

let t: TestApp;
let host: Record<string, string>;
let tenant: Record<string, string>;
let tenantId: string;
let hostSmtp: SmtpTestServer;
let tenantSmtp: SmtpTestServer;
const PASSWORD = 'Tenant-Pass-1!';
const SMTP_PASSWORD = 'Smtp-S3cret!';
const url = '/api/setting-management/emailing';
/** Every response body, to check that the SMTP password never leaves the server. */
const bodies: string[] = [];

const get = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ url, headers });
  bodies.push(response.body);
  return response;
};
const save = async (headers: Record<string, string>, body: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url, headers, payload: body });
  bodies.push(response.body);
  return response;
};
const sendTest = async (headers: Record<string, string>, subject = 'Prueba') => {
  const response = await t.app.inject({
    method: 'POST',
    url: `${url}/send-test-email`,
    headers,
    payload: {
      senderEmailAddress: 'sender@vineta.mx',
      targetEmailAddress: 'ana@example.mx',
      subject,
      body: 'Hola',
    },
  });
  bodies.push(response.body);
  return response;
};
const hostSettings = (port: number, smtpPassword: string | null = SMTP_PASSWORD) => ({
  defaultFromDisplayName: 'Viñeta',
  defaultFromAddress: 'noreply@vineta.mx',
  smtpHost: '127.0.0.1',
  smtpPort: port,
  smtpEnableSsl: false,
  smtpUseDefaultCredentials: false,
  smtpUserName: 'mailer',
  smtpPassword,
});
const setTenantFeature = (value: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/feature-management/features?providerName=T&providerKey=${tenantId}`,
    headers: host,
    payload: { features: [{ name: 'SettingManagement.AllowChangingEmailSettings', value }] },
  });
/** The tenant admin's granted policies, as the web app reads them for the menu and the tabs. */
const tenantPolicies = async () => {
  const response = await t.app.inject({
    url: '/api/abp/application-configuration',
    headers: tenant,
  });
  return Object.keys(response.json().auth.grantedPolicies as Record<string, boolean>);
};
const storedPasswords = () =>
  t.app.services.data.db
    .selectFrom('settings')
    .select(['providerName', 'value'])
    .where('name', '=', MailSetting.Password)
    .orderBy('providerName')
    .execute();

/** The names of the tenant's own e-mail settings. */
const tenantRows = async () =>
  (
    await t.app.services.data.db
      .selectFrom('settings')
      .select('name')
      .where('providerName', '=', 'T')
      .where('providerKey', '=', tenantId)
      .orderBy('name')
      .execute()
  ).map((row) => row.name);

beforeAll(async () => {
  hostSmtp = await startSmtpTestServer({ auth: { user: 'mailer', pass: SMTP_PASSWORD } });
  tenantSmtp = await startSmtpTestServer();
  t = await createTestApp();
  host = bearer(await accessTokenFor(t.app, 'admin', TEST_ADMIN_PASSWORD));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/multi-tenancy/tenants',
    headers: host,
    payload: { name: 'Acme', adminEmailAddress: 'admin@acme.mx', adminPassword: PASSWORD },
  });
  tenantId = created.json().id;
  tenant = bearer(await accessTokenFor(t.app, 'admin', PASSWORD, 'acme'));
});
afterAll(async () => {
  await t.close();
  await hostSmtp.close();
  await tenantSmtp.close();
  // Checked last, over every answer of this file.
  expect(bodies.join('\n')).not.toContain(SMTP_PASSWORD);
});

describe('the host', () => {
  it('reads the defaults', async () => {
    expect((await get(host)).json()).toEqual({
      defaultFromDisplayName: 'Viñeta',
      defaultFromAddress: 'noreply@vineta.local',
      smtpHost: '127.0.0.1',
      smtpPort: 25,
      smtpEnableSsl: false,
      smtpUseDefaultCredentials: true,
      smtpDomain: null,
      smtpUserName: null,
      smtpPassword: '',
      hasSmtpPassword: false,
    });
  });

  it('stores nothing when it saves the defaults unchanged, as ABP', async () => {
    const answer = (await get(host)).json();
    expect((await save(host, answer)).statusCode).toBe(204);
    const rows = await t.app.services.data.db
      .selectFrom('settings')
      .select('name')
      .where('providerName', '=', 'G')
      .where('name', 'like', 'Abp.Mailing.%')
      .execute();
    expect(rows).toEqual([]);
  });

  it('saves global values; the password is encrypted at rest and never answered', async () => {
    expect((await save(host, hostSettings(hostSmtp.port))).statusCode).toBe(204);
    const answer = (await get(host)).json();
    expect(answer).toMatchObject({ smtpPort: hostSmtp.port, smtpUserName: 'mailer' });
    expect(answer).toMatchObject({ smtpPassword: '', hasSmtpPassword: true });
    const [row] = await storedPasswords();
    expect(row?.providerName).toBe('G');
    expect(row?.value).not.toContain(SMTP_PASSWORD);
    expect(t.app.services.encryption.decrypt(row?.value ?? '')).toBe(SMTP_PASSWORD);
  });

  it('keeps the stored password when saving an empty one', async () => {
    expect((await save(host, hostSettings(hostSmtp.port, ''))).statusCode).toBe(204);
    expect((await save(host, hostSettings(hostSmtp.port, null))).statusCode).toBe(204);
    const [row] = await storedPasswords();
    expect(t.app.services.encryption.decrypt(row?.value ?? '')).toBe(SMTP_PASSWORD);
  });

  it('removes the stored password when asked, and stores a new one given with the request', async () => {
    const cleared = { ...hostSettings(hostSmtp.port, ''), clearSmtpPassword: true };
    expect((await save(host, cleared)).statusCode).toBe(204);
    expect((await get(host)).json()).toMatchObject({ hasSmtpPassword: false });
    expect(await storedPasswords()).toEqual([]);
    const replaced = { ...hostSettings(hostSmtp.port), clearSmtpPassword: true };
    expect((await save(host, replaced)).statusCode).toBe(204);
    const [row] = await storedPasswords();
    expect(t.app.services.encryption.decrypt(row?.value ?? '')).toBe(SMTP_PASSWORD);
  });

  it('sends a test e-mail through its SMTP server, authenticated', async () => {
    expect((await sendTest(host, 'Prueba del host')).statusCode).toBe(204);
    expect(hostSmtp.received.at(-1)).toMatchObject({
      from: 'sender@vineta.mx',
      to: ['ana@example.mx'],
      user: 'mailer',
      text: 'Hola',
      headers: expect.objectContaining({ subject: 'Prueba del host' }),
    });
  });

  it("reports the SMTP server's own error when the test e-mail fails", async () => {
    await save(host, hostSettings(hostSmtp.port, 'wrong-password'));
    const response = await sendTest(host);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('Volo.Abp.SettingManagement:SmtpSendFailed');
    expect(response.json().error.message).toContain('Invalid username or password (test server)');
    expect(response.json().error.message).not.toContain('wrong-password');
    await save(host, hostSettings(hostSmtp.port, SMTP_PASSWORD));
  });

  it("says in the reader's language that a server that was never reached refused the connection", async () => {
    const closed = await startSmtpTestServer();
    await closed.close();
    await save(host, hostSettings(closed.port));
    for (const [culture, text] of [
      ['es-MX', `el servidor SMTP 127.0.0.1:${closed.port} rechazó la conexión`],
      ['en', `the SMTP server 127.0.0.1:${closed.port} refused the connection`],
    ] as const) {
      const response = await sendTest({ ...host, 'accept-language': culture });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('Vineta:SmtpConnectionRefused');
      expect(response.json().error.message).toContain(text);
    }
    await save(host, hostSettings(hostSmtp.port, SMTP_PASSWORD));
  });
});

describe('a tenant', () => {
  it('may not use the endpoints until the host allows it (feature off by default)', async () => {
    expect((await get(tenant)).statusCode).toBe(403);
    expect((await save(tenant, hostSettings(tenantSmtp.port))).statusCode).toBe(403);
    // The configuration says so too, which hides the Emailing tab (and Settings with it).
    expect(await tenantPolicies()).not.toContain('SettingManagement.Emailing');
    expect((await setTenantFeature('true')).statusCode).toBe(204);
    expect((await get(tenant)).statusCode).toBe(200);
    expect(await tenantPolicies()).toEqual(
      expect.arrayContaining(['SettingManagement.Emailing', 'SettingManagement.Emailing.Test']),
    );
  });

  it("reads the host's values until it has its own, without the password", async () => {
    expect((await get(tenant)).json()).toMatchObject({
      smtpPort: hostSmtp.port,
      smtpUserName: 'mailer',
      smtpPassword: '',
      // A save on the host's server and login keeps the host's password.
      hasSmtpPassword: true,
    });
    // Sends with the host's settings meanwhile.
    expect((await sendTest(tenant, 'Inquilino con el host')).statusCode).toBe(204);
    expect(hostSmtp.received.at(-1)?.headers.subject).toBe('Inquilino con el host');
  });

  it("keeps following the host, password included, after saving the host's values unchanged", async () => {
    const answer = (await get(tenant)).json();
    expect((await save(tenant, answer)).statusCode).toBe(204);
    expect(await tenantRows()).toEqual([]);
    // The host moves its SMTP server: the tenant follows, and still signs in with the host's
    // user name and password.
    const moved = await startSmtpTestServer({ auth: { user: 'mailer', pass: SMTP_PASSWORD } });
    try {
      expect((await save(host, hostSettings(moved.port, ''))).statusCode).toBe(204);
      expect((await get(tenant)).json()).toMatchObject({
        smtpPort: moved.port,
        hasSmtpPassword: true,
      });
      expect((await sendTest(tenant, 'Inquilino tras el cambio')).statusCode).toBe(204);
      expect(moved.received.at(-1)).toMatchObject({ user: 'mailer' });
    } finally {
      await save(host, hostSettings(hostSmtp.port, ''));
      await moved.close();
    }
  });

  it("stores only what differs from the host, and keeps its password on the host's login", async () => {
    const answer = (await get(tenant)).json();
    expect((await save(tenant, { ...answer, defaultFromDisplayName: 'Acme' })).statusCode).toBe(
      204,
    );
    expect(await tenantRows()).toEqual([MailSetting.DefaultFromDisplayName]);
    expect((await get(tenant)).json()).toMatchObject({
      defaultFromDisplayName: 'Acme',
      hasSmtpPassword: true,
    });
    expect((await sendTest(tenant, 'Inquilino con nombre')).statusCode).toBe(204);
    expect(hostSmtp.received.at(-1)).toMatchObject({ user: 'mailer' });
    // Back to the host's value: nothing of its own is left.
    expect((await save(tenant, answer)).statusCode).toBe(204);
    expect(await tenantRows()).toEqual([]);
  });

  it('repairs the empty password an earlier unchanged save stored', async () => {
    const answer = (await get(tenant)).json();
    const { settings } = t.app.services;
    await t.app.services.data.transaction(async () => {
      for (const name of [MailSetting.Port, MailSetting.UserName, MailSetting.Password]) {
        const value = name === MailSetting.Password ? '' : await settings.getOrNull(name);
        await settings.setForProvider(name, value, 'T', tenantId, { forceToSet: true });
      }
    });
    expect((await get(tenant)).json()).toMatchObject({ hasSmtpPassword: false });
    expect((await save(tenant, answer)).statusCode).toBe(204);
    expect(await tenantRows()).toEqual([]);
    expect((await get(tenant)).json()).toMatchObject({ hasSmtpPassword: true });
  });

  it("overrides the host's values with its own, and never inherits the host's password", async () => {
    const own = {
      ...hostSettings(tenantSmtp.port, ''),
      smtpUserName: null,
      defaultFromDisplayName: 'Acme',
    };
    expect((await save(tenant, own)).statusCode).toBe(204);
    expect((await get(tenant)).json()).toMatchObject({
      defaultFromDisplayName: 'Acme',
      smtpPort: tenantSmtp.port,
      smtpUserName: '',
      hasSmtpPassword: false,
    });
    expect((await get(host)).json()).toMatchObject({
      smtpPort: hostSmtp.port,
      hasSmtpPassword: true,
    });
    expect((await sendTest(tenant, 'Inquilino propio')).statusCode).toBe(204);
    expect(tenantSmtp.received.at(-1)).toMatchObject({ user: undefined, to: ['ana@example.mx'] });
    expect(tenantSmtp.received.at(-1)?.headers.subject).toBe('Inquilino propio');
    const rows = await storedPasswords();
    expect(rows.map((row) => row.providerName)).toEqual(['G', 'T']);
  });

  it("removes its own password without falling back to the host's", async () => {
    const own = {
      ...hostSettings(tenantSmtp.port, 'Tenant-Smtp-1'),
      defaultFromDisplayName: 'Acme',
    };
    expect((await save(tenant, own)).statusCode).toBe(204);
    expect((await get(tenant)).json()).toMatchObject({ hasSmtpPassword: true });
    expect(
      (await save(tenant, { ...own, smtpPassword: '', clearSmtpPassword: true })).statusCode,
    ).toBe(204);
    expect((await get(tenant)).json()).toMatchObject({ hasSmtpPassword: false });
    expect((await get(host)).json()).toMatchObject({ hasSmtpPassword: true });
    const rows = await storedPasswords();
    const decrypted = rows.map((row) => [
      row.providerName,
      t.app.services.encryption.decrypt(row.value ?? ''),
    ]);
    expect(decrypted).toEqual([
      ['G', SMTP_PASSWORD],
      ['T', ''],
    ]);
  });

  it('loses access again when the host switches the feature off', async () => {
    await setTenantFeature('false');
    expect((await get(tenant)).statusCode).toBe(403);
    expect(await tenantPolicies()).not.toContain('SettingManagement.Emailing');
    expect((await sendTest(tenant)).statusCode).toBe(403);
  });
});

describe('authorization', () => {
  it('answers 401 without a token and 403 when SettingManagement.Enable is off', async () => {
    expect((await get({})).statusCode).toBe(401);
    expect((await sendTest({})).statusCode).toBe(401);
    await createUser(t.app, null, 'plain', 'Plain-Pass-1!');
    const plain = bearer(await accessTokenFor(t.app, 'plain', 'Plain-Pass-1!'));
    expect((await get(plain)).statusCode).toBe(403);
    expect((await sendTest(plain)).statusCode).toBe(403);
    const hostFeatures = '/api/feature-management/features?providerName=T';
    const setEnable = (value: string) =>
      t.app.inject({
        method: 'PUT',
        url: hostFeatures,
        headers: host,
        payload: { features: [{ name: 'SettingManagement.Enable', value }] },
      });
    await setEnable('false');
    expect((await get(host)).statusCode).toBe(403);
    await setEnable('true');
    expect((await get(host)).statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const response = await save(host, { smtpPort: 0 });
    expect(response.statusCode).toBe(400);
    const members = response
      .json()
      .error.validationErrors.map((e: { members: string[] }) => e.members[0]);
    expect(members.sort()).toEqual(['defaultFromAddress', 'defaultFromDisplayName', 'smtpPort']);
  });
});

// biome-ignore lint/style/noProcessEnv: CI's second pass names the Redis server
describe.skipIf(!process.env.TEST_REDIS_URL)('with other instances', () => {
  it('tells them of one save once, not once for every value it holds', async () => {
    const redisUrl = t.config.redisUrl ?? '';
    const listener = new Redis(redisUrl);
    const heard: { cache: string; key: string }[] = [];
    try {
      const database = listener.options.db ?? 0;
      await listener.subscribe(`${t.config.redisKeyPrefix}${database}:cache-invalidation`);
      listener.on('message', (_channel, message: string) => heard.push(JSON.parse(message)));
      expect((await save(host, hostSettings(hostSmtp.port, 'Another-S3cret!'))).statusCode).toBe(
        204,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard.map(({ cache, key }) => `${cache} ${key}`)).toEqual([
        'settings G|',
        'application-configuration *',
      ]);
    } finally {
      await listener.quit();
    }
  });
});
