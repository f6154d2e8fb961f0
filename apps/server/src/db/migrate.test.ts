import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/test-database.js';
import { createRawKysely } from './database.js';
import { migrateTo, migrateToEmpty, migrateToLatest } from './migrate.js';
import { migrations } from './migrations.js';
import { booleanColumns, dataFilterTables } from './schema.js';

let database: TestDatabase;
let db: Kysely<unknown>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createRawKysely(database.target);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const tableNames = async () =>
  (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'));

const camel = (name: string) =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('migrations', () => {
  it('go up from empty, down to empty and up again', async () => {
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).map((name) => `Up ${name}`));
    const tables = await tableNames();
    expect(tables.length).toBeGreaterThan(5);
    await migrateToEmpty(db);
    expect(await tableNames()).toEqual([]);
    await migrateToLatest(db);
    expect((await tableNames()).sort()).toEqual(tables.sort());
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('match what the data filters and the boolean mapping expect', async () => {
    const tables = await db.introspection.getTables();
    const byCamelName = new Map(tables.map((table) => [camel(table.name), table]));
    for (const name of dataFilterTables.multiTenant) {
      expect(
        byCamelName.get(name)?.columns.map((c) => c.name),
        name,
      ).toContain('tenant_id');
    }
    for (const name of dataFilterTables.softDelete) {
      expect(
        byCamelName.get(name)?.columns.map((c) => c.name),
        name,
      ).toContain('is_deleted');
    }
    for (const table of tables) {
      const tenantOwned = table.columns.some((column) => column.name === 'tenant_id');
      // Every table with a tenant column is guarded, except the host's own list of connection strings.
      if (tenantOwned && table.name !== 'tenant_connection_strings') {
        expect(dataFilterTables.multiTenant.has(camel(table.name)), table.name).toBe(true);
      }
      for (const column of table.columns) {
        if (/^bool/i.test(column.dataType))
          expect(booleanColumns.has(camel(column.name)), column.name).toBe(true);
      }
    }
  });

  it.runIf(testDialect() === 'postgres')(
    'leave no planner statistics on the users search text (PostgreSQL)',
    async () => {
      await sql`insert into identity_users (id, user_name, normalized_user_name, email,
        normalized_email, security_stamp, concurrency_stamp, creation_time, search_text)
        select gen_random_uuid()::text, 'u' || i, 'U' || i, i || '@x.test', i || '@X.TEST',
          'stamp', 'stamp', '2026-11-26T00:00:00.000Z', 'U' || i || chr(10) || 'ZUBIZARRETA'
        from generate_series(1, 200) as i`.execute(db);
      await sql`analyze identity_users`.execute(db);
      const { rows } = await sql<{ attname: string }>`
        select attname from pg_stats where tablename = 'identity_users'
          and attname in ('search_text', 'user_name')`.execute(db);
      expect(rows.map((row) => row.attname)).toEqual(['user_name']);
    },
  );

  it("record the admin roles' grants as the seed's own when the grant seeds arrive", async () => {
    await migrateTo(db, '202612011200-security-log-list-indexes');
    const grant = (tenantId: string | null, name: string, providerKey: string) => ({
      id: crypto.randomUUID(),
      tenant_id: tenantId,
      name,
      provider_name: 'R',
      provider_key: providerKey,
    });
    const tenant = '00000000-0000-4000-8000-0000000000d1';
    await (db as Kysely<{ permission_grants: ReturnType<typeof grant> }>)
      .insertInto('permission_grants')
      .values([
        grant(null, 'AbpIdentity.Roles', 'admin'),
        grant(tenant, 'AbpIdentity.Users', 'admin'),
        grant(tenant, 'AbpIdentity.Users', 'editor'),
      ])
      .execute();
    await migrateToLatest(db);
    const { rows } = await sql<{ tenant_id: string | null; name: string }>`
      select tenant_id, name from permission_grant_seeds order by name`.execute(db);
    expect(rows).toEqual([
      { tenant_id: null, name: 'AbpIdentity.Roles' },
      { tenant_id: tenant, name: 'AbpIdentity.Users' },
    ]);
    await sql`delete from permission_grant_seeds`.execute(db);
    await sql`delete from permission_grants`.execute(db);
  });

  it('fold the user names of the security log rows written before the filter ignored case', async () => {
    await migrateTo(db, '202612012300-permission-grant-seeds');
    const names = [
      'limitado',
      'Ópalo',
      'istanbul',
      null,
      ...Array.from({ length: 600 }, (_, i) => `Ñu${i}`),
    ];
    await (db as Kysely<{ security_logs: Record<string, string | null> }>)
      .insertInto('security_logs')
      .values(
        names.map((user_name, i) => ({
          id: `row-${String(i).padStart(4, '0')}`,
          user_name,
          creation_time: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        })),
      )
      .execute();
    await migrateToLatest(db);
    const { rows } = await sql<{ user_name: string | null; normalized_user_name: string | null }>`
      select user_name, normalized_user_name from security_logs order by id`.execute(db);
    expect(rows.slice(0, 5)).toEqual([
      { user_name: 'limitado', normalized_user_name: 'LIMITADO' },
      { user_name: 'Ópalo', normalized_user_name: 'OPALO' },
      { user_name: 'istanbul', normalized_user_name: 'ISTANBUL' },
      { user_name: null, normalized_user_name: null },
      { user_name: 'Ñu0', normalized_user_name: 'NU0' },
    ]);
    // More than one batch of names beyond ASCII.
    expect(rows.at(-1)).toEqual({ user_name: 'Ñu599', normalized_user_name: 'NU599' });
    await sql`delete from security_logs`.execute(db);
  });
});
