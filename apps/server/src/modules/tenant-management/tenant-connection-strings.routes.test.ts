import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';
import { passwordGrant } from '../../../test/sign-in-helpers.js';
import {
  createTestDatabase,
  dropPostgresDatabase,
  type TestDatabase,
  testDialect,
} from '../../../test/test-database.js';
import type { DatabaseTarget } from '../../config.js';
import { createRawKysely } from '../../db/database.js';

// The connection-string API and decision 003 end to end: a second database of the test's engine
// becomes the tenant's own, is migrated on first use and seeded with the tenant's admin.

let t: TestApp;
let tenantDatabase: TestDatabase;
/** The tenant's own database: on SQLite, a file under the data folder. */
let tenantTarget: DatabaseTarget;
let host: Record<string, string>;
let tenantId: string;
let path: string;
const PASSWORD = 'Tenant-Pass-1!';
const DB_PASSWORD = 'S3cret-Pw';

/** The second database as a connection string; PostgreSQL's carries a password (ignored by trust auth). */
let connectionString: string;
let masked: string;
/** A database that no one has created: the PUT of the PostgreSQL test below creates it. */
const newDatabaseName = `vineta_new_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;

const get = (headers = host) => t.app.inject({ url: path, headers });
const put = (value: string, headers = host) =>
  t.app.inject({
    method: 'PUT',
    url: `${path}?defaultConnectionString=${encodeURIComponent(value)}`,
    headers,
  });
const storedRow = () =>
  t.app.services.data.db
    .selectFrom('tenantConnectionStrings')
    .select(['name', 'value'])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  tenantDatabase = await createTestDatabase();
  const target = tenantDatabase.target;
  tenantTarget = target;
  if (target.dialect === 'sqlite') {
    connectionString = 'tenants/acme-own.sqlite';
    masked = connectionString;
    tenantTarget = { dialect: 'sqlite', file: join(t.config.dataDir, connectionString) };
  } else {
    const url = new URL(target.connectionString);
    url.password = DB_PASSWORD;
    connectionString = url.toString();
    masked = connectionString.replace(`:${DB_PASSWORD}@`, ':********@');
  }
  host = bearer(await accessTokenFor(t.app, 'admin', TEST_ADMIN_PASSWORD));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/multi-tenancy/tenants',
    headers: host,
    payload: { name: 'Acme', adminEmailAddress: 'admin@acme.mx', adminPassword: PASSWORD },
  });
  tenantId = created.json().id;
  path = `/api/multi-tenancy/tenants/${tenantId}/default-connection-string`;
});
afterAll(async () => {
  await t.close();
  await tenantDatabase.drop();
  await dropPostgresDatabase(newDatabaseName);
});

describe('/api/multi-tenancy/tenants/{id}/default-connection-string', () => {
  it('answers 204 while the tenant uses the shared database', async () => {
    const response = await get();
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('refuses what is not a database of the shared engine it can open (nor the shared one itself)', async () => {
    const shared = t.config.database;
    const sharedItself = shared.dialect === 'sqlite' ? shared.file : shared.connectionString;
    const values = [
      'Server=.;Database=Acme',
      'postgres://u@127.0.0.1:1/none',
      '/proc/x.sqlite',
      '/proc/no-such-folder/x.sqlite', // Node 20's recursive mkdir would never return
      sharedItself,
    ];
    for (const value of values) {
      const response = await put(value);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().error.code).toBe('Volo.Abp.TenantManagement:InvalidConnectionString');
    }
    const missing = await t.app.inject({ method: 'PUT', url: path, headers: host });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.validationErrors[0].members).toEqual(['defaultConnectionString']);
    expect((await get()).statusCode).toBe(204);
  });

  it("says why in the reader's language", async () => {
    const shared = t.config.database;
    const other =
      shared.dialect === 'sqlite' ? 'postgres://u:x@127.0.0.1:5432/nodb' : 'acme.sqlite';
    const engine = shared.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const sharedItself = shared.dialect === 'sqlite' ? shared.file : shared.connectionString;
    const cases = [
      [other, `La base de datos de un inquilino debe usar ${engine}, como la compartida.`],
      [sharedItself, 'Es la base de datos compartida; indica otra.'],
    ];
    if (shared.dialect === 'sqlite') {
      const outside = 'El archivo debe estar dentro de la carpeta de datos del servidor';
      cases.push(['../elsewhere.sqlite', outside], [join(tmpdir(), 'elsewhere.sqlite'), outside]);
    } else {
      cases.push(['postgres://u@127.0.0.1:1/none', 'No se pudo abrir la base de datos: ']);
    }
    for (const [value, reason] of cases) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${path}?defaultConnectionString=${encodeURIComponent(value ?? '')}`,
        headers: { ...host, 'accept-language': 'es-MX' },
      });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().error.message).toBe('La cadena de conexión no es válida.');
      expect(response.json().error.details, value).toContain(reason);
    }
    const english = await put(sharedItself, { ...host, 'accept-language': 'en' });
    expect(english.json().error.details).toBe('This is the shared database; enter another one.');
    expect((await get()).statusCode).toBe(204);
  });

  it.runIf(testDialect() === 'sqlite')(
    'keeps a file outside the data folder stored before the rule, saved again unchanged',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'vineta-elsewhere-'));
      try {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/multi-tenancy/tenants',
          headers: host,
          payload: { name: 'Lejos', adminEmailAddress: 'admin@lejos.mx', adminPassword: PASSWORD },
        });
        const id: string = created.json().id;
        const file = join(folder, 'lejos.sqlite');
        await t.app.services.data.db
          .insertInto('tenantConnectionStrings')
          .values({ tenantId: id, name: 'Default', value: t.app.services.encryption.encrypt(file) })
          .execute();
        const url = `/api/multi-tenancy/tenants/${id}/default-connection-string`;
        const putValue = (value: string) =>
          t.app.inject({
            method: 'PUT',
            url: `${url}?defaultConnectionString=${encodeURIComponent(value)}`,
            headers: host,
          });
        const again = await putValue(file);
        expect(again.statusCode, again.body).toBe(204);
        expect((await t.app.inject({ url, headers: host })).body).toBe(file);
        // Another file outside is new, and refused.
        expect((await putValue(join(folder, 'otro.sqlite'))).statusCode).toBe(400);
        await t.app.inject({
          method: 'DELETE',
          url: `/api/multi-tenancy/tenants/${id}`,
          headers: host,
        });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );

  it('stores the value from the query string, encrypted, and answers it as text, password masked', async () => {
    expect((await put(connectionString)).statusCode).toBe(204);
    const row = await storedRow();
    expect(row?.name).toBe('Default');
    expect(row?.value).not.toContain(connectionString);
    expect(t.app.services.encryption.decrypt(row?.value ?? '')).toBe(connectionString);
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(masked);
    expect(response.body).not.toContain(DB_PASSWORD);
    // The masked value sent back keeps the stored password.
    expect((await put(masked)).statusCode).toBe(204);
    expect(await t.app.services.tenantConnectionStrings.stored(tenantId)).toBe(connectionString);
  });

  it("migrated the tenant's database and carried its admin there, with the same password", async () => {
    const raw = createRawKysely(tenantTarget) as Kysely<{
      identity_users: { user_name: string; tenant_id: string; password_hash: string };
      identity_roles: { name: string; is_static: unknown };
      permission_grants: { name: string };
    }>;
    try {
      const [admin] = await raw.selectFrom('identity_users').selectAll().execute();
      expect(admin).toMatchObject({ user_name: 'admin', tenant_id: tenantId });
      expect(await t.app.services.passwordHasher.verify(admin?.password_hash ?? '', PASSWORD)).toBe(
        true,
      );
      expect(
        (await raw.selectFrom('identity_roles').select('name').execute()).map((r) => r.name),
      ).toEqual(['admin']);
      const grants = await raw.selectFrom('permission_grants').select('name').execute();
      expect(grants.map((g) => g.name)).toContain('AbpIdentity.Users.Create');
    } finally {
      await raw.destroy();
    }
  });

  it('signs the admin of a tenant with its own database in, and the token works at the API', async () => {
    const response = await passwordGrant(t.app, { password: PASSWORD, tenant: 'acme' });
    expect(response.statusCode, response.body).toBe(200);
    const profile = await t.app.inject({
      url: '/api/account/my-profile',
      headers: bearer(response.json().access_token),
    });
    expect(profile.json()).toMatchObject({ userName: 'admin', email: 'admin@acme.mx' });
  });

  it("has the security log's purge reach the tenant's database", async () => {
    const raw = createRawKysely(tenantTarget) as Kysely<{
      security_logs: { action: string };
    }>;
    try {
      const actions = () => raw.selectFrom('security_logs').select('action').execute();
      expect(await actions()).toContainEqual({ action: 'LoginSucceeded' });
      // A year and a day from now, the sign-in above is past the default retention.
      const later = Date.now() + 366 * 24 * 60 * 60 * 1000;
      expect(await t.app.services.securityLogRetention.runOnce(later)).toBeGreaterThan(0);
      expect(await actions()).toEqual([]);
    } finally {
      await raw.destroy();
    }
  });

  it('DELETE goes back to the shared database, where the admin still signs in', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: path, headers: host });
    expect(response.statusCode).toBe(204);
    expect((await get()).statusCode).toBe(204);
    expect(await storedRow()).toBeUndefined();
    expect((await passwordGrant(t.app, { password: PASSWORD, tenant: 'acme' })).statusCode).toBe(
      200,
    );
  });

  it.runIf(testDialect() === 'postgres')(
    "creates a PostgreSQL database that does not exist yet, as ABP's migrator does, and signs its admin in",
    async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/multi-tenancy/tenants',
        headers: host,
        payload: { name: 'Nueva', adminEmailAddress: 'admin@nueva.mx', adminPassword: PASSWORD },
      });
      const url = new URL(connectionString);
      url.pathname = `/${newDatabaseName}`;
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/multi-tenancy/tenants/${created.json().id}/default-connection-string?defaultConnectionString=${encodeURIComponent(url.toString())}`,
        headers: host,
      });
      expect(response.statusCode, response.body).toBe(204);
      const raw = createRawKysely({
        dialect: 'postgres',
        connectionString: url.toString(),
      }) as Kysely<{ identity_users: { user_name: string } }>;
      try {
        const users = await raw.selectFrom('identity_users').select('user_name').execute();
        expect(users).toEqual([{ user_name: 'admin' }]);
      } finally {
        await raw.destroy();
      }
      const grant = await passwordGrant(t.app, { password: PASSWORD, tenant: 'nueva' });
      expect(grant.statusCode, grant.body).toBe(200);
    },
  );

  it('tells only those who manage connection strings which engine a tenant database uses', async () => {
    const extra = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/api/abp/application-configuration', headers })).json()
        .extraProperties;
    expect(await extra(host)).toEqual({
      'TenantManagement.DatabaseEngine': t.config.database.dialect,
    });
    expect(await extra({})).toEqual({});
    expect(await extra(bearer(await accessTokenFor(t.app, 'admin', PASSWORD, 'acme')))).toEqual({});
  });

  it('answers 404 for an unknown tenant, 401 without a token, 403 to a tenant', async () => {
    const unknown = `/api/multi-tenancy/tenants/${crypto.randomUUID()}/default-connection-string`;
    expect((await t.app.inject({ url: unknown, headers: host })).statusCode).toBe(404);
    expect((await get({})).statusCode).toBe(401);
    const tenantAdmin = bearer(await accessTokenFor(t.app, 'admin', PASSWORD, 'acme'));
    expect((await get(tenantAdmin)).statusCode).toBe(403);
    expect((await put('acme.sqlite', tenantAdmin)).statusCode).toBe(403);
  });
});
