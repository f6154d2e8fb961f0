import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../../test/create-test-app.js';
import {
  type ApiClient,
  adminClient,
  apiClient,
  createUser,
  signedIn,
  USER_PASSWORD,
} from '../../../../test/identity-api.js';
import { createTenant, passwordGrant } from '../../../../test/sign-in-helpers.js';
import { testDialect } from '../../../../test/test-database.js';

let testApp: TestApp;
let admin: ApiClient;
let logger: ApiClient;
let loggerId: string;

const logs = '/api/identity/security-logs';
interface Row {
  id: string;
  userId: string | null;
  userName: string | null;
  action: string | null;
  creationTime: string;
}
const itemsOf = (response: { json(): unknown }) => (response.json() as { items: Row[] }).items;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await adminClient(testApp.app);
  loggerId = (await createUser(admin, 'logger')).id;
  await passwordGrant(testApp.app, { username: 'logger', password: 'Wrong-passw0rd' });
  logger = await signedIn(testApp.app, 'logger');
});
afterAll(() => testApp.close());

describe('security log API', () => {
  it("lists the tenant's rows newest first, with who, what, where and which client", async () => {
    const response = await admin.get(`${logs}?maxResultCount=100`);
    expect(response.statusCode).toBe(200);
    const { totalCount, items } = response.json() as { totalCount: number; items: Row[] };
    expect(totalCount).toBe(items.length);
    const times = items.map((row) => row.creationTime);
    expect(times).toEqual([...times].sort().reverse());
    const success = items.find((row) => row.userName === 'logger');
    expect(success).toMatchObject({
      userId: loggerId,
      action: 'LoginSucceeded',
      identity: 'IdentityServer',
      applicationName: 'Viñeta',
      clientId: 'Vineta_App',
      tenantId: null,
      extraProperties: {},
    });
    expect(JSON.stringify(items)).not.toContain(USER_PASSWORD);
  });

  it('matches a user name ignoring case and accents, as the users search does', async () => {
    await passwordGrant(testApp.app, { username: 'Jósé.Nadie', password: 'Wrong-passw0rd' });
    for (const userName of ['LOGGER', 'Logger', 'lógger']) {
      const rows = itemsOf(await admin.get(`${logs}?userName=${encodeURIComponent(userName)}`));
      expect(rows.map((row) => row.userName)).toEqual(['logger', 'logger']);
    }
    const tried = itemsOf(await admin.get(`${logs}?userName=jose.nadie`));
    expect(tried.map((row) => [row.userName, row.action])).toEqual([
      ['Jósé.Nadie', 'LoginInvalidUserName'],
    ]);
  });

  it.runIf(testDialect() === 'sqlite')(
    "reads a user name's rows newest first through its index, without sorting",
    async () => {
      for (const tenant of [sql`tenant_id is null`, sql`tenant_id = ${crypto.randomUUID()}`]) {
        const { rows } = await sql<{ detail: string }>`explain query plan
          select * from security_logs where ${tenant} and normalized_user_name = ${'LOGGER'}
          order by creation_time desc, id desc limit 10`.execute(testApp.app.services.data.db);
        const plan = rows.map((row) => row.detail).join('\n');
        expect(plan).toContain('ix_security_logs_tenant_normalized_user_name_time');
        expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY|SCAN security_logs\b(?! USING)/);
      }
    },
  );

  it('filters by action, user name and time, and pages without overlap', async () => {
    const failed = itemsOf(
      await admin.get(`${logs}?userName=logger&action=LoginInvalidUserNameOrPassword`),
    );
    expect(failed.map((row) => [row.userName, row.action])).toEqual([
      ['logger', 'LoginInvalidUserNameOrPassword'],
    ]);
    // A value is matched whole, as ABP's repository matches it.
    expect(itemsOf(await admin.get(`${logs}?userName=logg`))).toEqual([]);

    const all = itemsOf(await admin.get(`${logs}?maxResultCount=100`));
    const oldest = all.at(-1)?.creationTime ?? '';
    const newest = all[0]?.creationTime ?? '';
    const from = itemsOf(await admin.get(`${logs}?maxResultCount=100&startTime=${newest}`));
    expect(from.every((row) => row.creationTime >= newest)).toBe(true);
    const until = itemsOf(await admin.get(`${logs}?maxResultCount=100&endTime=${newest}`));
    expect(until.every((row) => row.creationTime < newest)).toBe(true);
    // Without an offset a time is UTC; a date is its midnight.
    expect(itemsOf(await admin.get(`${logs}?endTime=2000-01-01T00:00:00`))).toEqual([]);
    expect(
      itemsOf(await admin.get(`${logs}?maxResultCount=100&startTime=2000-01-01`)),
    ).toHaveLength(all.length);

    const ascending = itemsOf(
      await admin.get(`${logs}?sorting=CreationTime%20asc&maxResultCount=100`),
    );
    expect(ascending[0]?.creationTime).toBe(oldest);
    const pages = [
      ...itemsOf(await admin.get(`${logs}?maxResultCount=2`)),
      ...itemsOf(await admin.get(`${logs}?maxResultCount=2&skipCount=2`)),
    ];
    expect(pages.map((row) => row.id)).toEqual(all.slice(0, 4).map((row) => row.id));
  });

  it('reads every page, those of the back half from the end, with the rows of the whole list', async () => {
    // Sign-ins as nobody, each a row, at once: rows of the same millisecond, if any, go by id.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        passwordGrant(testApp.app, { username: `nobody${i}`, password: 'Wrong-passw0rd' }),
      ),
    );
    for (const sorting of ['creationTime%20desc', 'creationTime%20asc']) {
      const whole = await admin.get(`${logs}?sorting=${sorting}&maxResultCount=1000`);
      const { totalCount, items: all } = whole.json() as { totalCount: number; items: Row[] };
      expect(all.length).toBeGreaterThan(6);
      const read: Row[] = [];
      for (let skipCount = 0; skipCount < totalCount; skipCount += 3) {
        const page = await admin.get(
          `${logs}?sorting=${sorting}&maxResultCount=3&skipCount=${skipCount}`,
        );
        expect(page.json()).toMatchObject({ totalCount });
        read.push(...itemsOf(page));
      }
      expect(read.map((row) => row.id)).toEqual(all.map((row) => row.id));
      const past = await admin.get(`${logs}?sorting=${sorting}&skipCount=${totalCount}`);
      expect(past.json()).toEqual({ totalCount, items: [] });
    }
  });

  it('refuses a sort it cannot serve from an index, and a malformed time, with a 400 naming it', async () => {
    for (const [query, member] of [
      ['sorting=userName', 'sorting'],
      ['startTime=yesterday', 'startTime'],
    ]) {
      const response = await admin.get(`${logs}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.validationErrors[0].members).toEqual([member]);
    }
  });

  it('reads one row by id; an unknown id is 404', async () => {
    const [row] = itemsOf(await admin.get(`${logs}?userName=logger&action=LoginSucceeded`));
    expect((await admin.get(`${logs}/${row?.id}`)).json()).toMatchObject({ id: row?.id });
    expect((await admin.get(`${logs}/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it("needs AbpIdentity.SecurityLogs for everyone's rows; anyone signed in reads their own", async () => {
    expect((await logger.get(logs)).statusCode).toBe(403);
    const [adminRow] = itemsOf(await admin.get(`${logs}?userName=admin`));
    expect((await logger.get(`${logs}/${adminRow?.id}`)).statusCode).toBe(403);

    const own = itemsOf(await logger.get(`${logs}/my?maxResultCount=100`));
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(new Set(own.map((row) => row.userId))).toEqual(new Set([loggerId]));
    expect((await logger.get(`${logs}/my/${own[0]?.id}`)).json()).toMatchObject({ id: own[0]?.id });
    expect((await logger.get(`${logs}/my/${adminRow?.id}`)).statusCode).toBe(404);

    const anonymous = apiClient(testApp.app);
    for (const url of [logs, `${logs}/my`, `${logs}/my/${own[0]?.id}`]) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
  });

  it('shows a tenant only its own rows', async () => {
    await createTenant(testApp.app, 'log-tenant');
    const tenantAdmin = await signedIn(testApp.app, 'admin', TEST_ADMIN_PASSWORD, 'log-tenant');
    const rows = itemsOf(await tenantAdmin.get(`${logs}?maxResultCount=100`));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.userName === 'logger')).toBe(false);
    const [hostRow] = itemsOf(await admin.get(`${logs}?userName=logger`));
    expect((await tenantAdmin.get(`${logs}/${hostRow?.id}`)).statusCode).toBe(404);
  });
});
