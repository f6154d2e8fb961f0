import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newTenantRow } from '../../../test/tenant-rows.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { newUserRow } from '../../../test/user-rows.js';
import type { DatabaseTarget } from '../../config.js';
import { type AppDataContext, createDataContextFor, createRawKysely } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { createCacheHub } from '../caching/cache.js';
import { MissingTenantScopeError } from './data-filter-plugin.js';
import { acrossAllTenants, includingDeleted, withinTenant } from './data-scope.js';
import { createPreparedQueries, type PreparedQueries } from './prepared-query.js';

// Runs on PostgreSQL when TEST_POSTGRES_URL is set (CI's second pass), on SQLite otherwise.

const TENANT_A = '00000000-0000-4000-8000-0000000000c1';
const TENANT_B = '00000000-0000-4000-8000-0000000000c2';
/** A tenant with a database of its own (decision 003). */
const TENANT_OWN = '00000000-0000-4000-8000-0000000000c3';

let shared: TestDatabase;
let own: TestDatabase;
let data: AppDataContext;
let prepared: PreparedQueries<Database>;
const cacheHub = createCacheHub();

const userRow = (userName: string, { isActive = true } = {}) => newUserRow(userName, { isActive });
const insertUsers = (tenantId: string | null, rows: ReturnType<typeof userRow>[]) =>
  withinTenant(tenantId, () => data.query().insertInto('identityUsers').values(rows).execute());

/** The unprepared query, as a repository writes it today. */
const unprepared = (prefix: string, isActive: boolean, take: number) =>
  data
    .query()
    .selectFrom('identityUsers')
    .select(['userName', 'tenantId', 'isActive', 'isDeleted'])
    .where('userName', 'like', prefix)
    .where('isActive', '=', isActive)
    .orderBy('userName')
    .limit(take)
    .execute();

/** The same query as a prepared shape. */
const preparedList = (prefix: string, isActive: boolean, take: number) =>
  prepared.execute('users-by-prefix', { prefix, isActive, take }, (db, p) =>
    db
      .selectFrom('identityUsers')
      .select(['userName', 'tenantId', 'isActive', 'isDeleted'])
      .where('userName', 'like', p.prefix)
      .where('isActive', '=', p.isActive)
      .orderBy('userName')
      .limit(p.take),
  );

const connectionStringOf = (target: DatabaseTarget) =>
  target.dialect === 'sqlite' ? target.file : target.connectionString;

beforeAll(async () => {
  shared = await createTestDatabase();
  own = await createTestDatabase();
  const raw = createRawKysely(shared.target);
  await migrateToLatest(raw);
  await raw.destroy();
  data = createDataContextFor(shared.target, {
    tenantDatabases: {
      cache: cacheHub.create('tenant-databases'),
      decode: (stored) => stored,
      dataDir: shared.dataDir,
    },
  });
  prepared = createPreparedQueries(data);
  await data
    .query()
    .insertInto('tenants')
    .values([TENANT_A, TENANT_B, TENANT_OWN].map((id, i) => newTenantRow(id, `tenant-${i}`)))
    .execute();
  await data
    .query()
    .insertInto('tenantConnectionStrings')
    .values({ tenantId: TENANT_OWN, name: 'Default', value: connectionStringOf(own.target) })
    .execute();
  await insertUsers(null, [userRow('u-host'), userRow('u-host-off', { isActive: false })]);
  await insertUsers(TENANT_A, [userRow('u-a1'), userRow('u-a2'), userRow('u-a-deleted')]);
  await insertUsers(TENANT_B, [userRow('u-b1'), userRow('u-b2', { isActive: false })]);
  await insertUsers(TENANT_OWN, [userRow('u-own')]);
  await withinTenant(TENANT_A, () =>
    data
      .query()
      .updateTable('identityUsers')
      .set({ isDeleted: true })
      .where('userName', '=', 'u-a-deleted')
      .execute(),
  );
});

afterAll(async () => {
  await data.destroy();
  await cacheHub.close();
  await own.drop();
  await shared.drop();
});

describe('prepared query shapes', () => {
  const scopes: [string, <T>(work: () => Promise<T>) => Promise<T>][] = [
    ['the host', (work) => withinTenant(null, work)],
    ['a tenant', (work) => withinTenant(TENANT_A, work)],
    ['another tenant', (work) => withinTenant(TENANT_B, work)],
    ['all tenants', (work) => withinTenant(TENANT_A, () => acrossAllTenants(work))],
    [
      'a tenant, soft-delete filter off',
      (work) => withinTenant(TENANT_A, () => includingDeleted(work)),
    ],
    [
      'the host, soft-delete filter off',
      (work) => withinTenant(null, () => includingDeleted(work)),
    ],
    [
      'all tenants, soft-delete filter off',
      (work) => acrossAllTenants(() => includingDeleted(work)),
    ],
    ['a tenant with its own database', (work) => withinTenant(TENANT_OWN, work)],
  ];

  it.each(scopes)('gives the rows of the unprepared query in %s', async (_, scope) => {
    for (const [prefix, isActive, take] of [
      ['u-%', true, 10],
      ['u-%', false, 10],
      ['u-a%', true, 1],
    ] as const) {
      const expected = await scope(() => unprepared(prefix, isActive, take));
      // Twice: the first call prepares the shape, the second reuses it.
      expect(await scope(() => preparedList(prefix, isActive, take))).toEqual(expected);
      expect(await scope(() => preparedList(prefix, isActive, take))).toEqual(expected);
    }
  });

  it('binds the current tenant on every call: a cached shape never shows another tenant', async () => {
    const names = async (tenantId: string | null) =>
      (await withinTenant(tenantId, () => preparedList('u-%', true, 10))).map((u) => u.userName);
    expect(await names(TENANT_A)).toEqual(['u-a1', 'u-a2']);
    expect(await names(TENANT_B)).toEqual(['u-b1']);
    expect(await names(TENANT_A)).toEqual(['u-a1', 'u-a2']);
    expect(await names(TENANT_OWN)).toEqual(['u-own']);
    expect(await names(null)).toEqual(['u-host']);
    expect(await names(TENANT_B)).toEqual(['u-b1']);
  });

  it('runs a shape with a kept plan as a named statement on PostgreSQL, with the same rows', async () => {
    const run = (prefix: string) =>
      prepared.execute(
        'users-by-prefix-reusable',
        { prefix },
        (db, p) =>
          db
            .selectFrom('identityUsers')
            .select('userName')
            .where('userName', 'like', p.prefix)
            .orderBy('userName'),
        { plan: 'generic' },
      );
    const [first, second, statements] = await withinTenant(TENANT_A, () =>
      // One transaction: one connection, whose prepared statements PostgreSQL lists.
      data.transaction(async () => [
        await run('u-a%'),
        await run('u-a2%'),
        data.dialect === 'postgres'
          ? (
              await sql<{
                statement: string;
              }>`select statement from pg_prepared_statements`.execute(data.query())
            ).rows.map((row) => row.statement)
          : [],
      ]),
    );
    expect(first).toEqual([{ userName: 'u-a1' }, { userName: 'u-a2' }]);
    expect(second).toEqual([{ userName: 'u-a2' }]);
    if (data.dialect === 'postgres') {
      expect(statements.some((text) => text.includes('"user_name" like $1'))).toBe(true);
    }
  });

  it('keeps the caller condition inside the tenant, with `or` in it', async () => {
    const run = (a: string, b: string) =>
      prepared.execute('either-name', { a, b }, (db, p) =>
        db
          .selectFrom('identityUsers')
          .select('userName')
          .where((eb) => eb.or([eb('userName', '=', p.a), eb('userName', '=', p.b)]))
          .orderBy('userName'),
      );
    expect(await withinTenant(TENANT_A, () => run('u-a1', 'u-b1'))).toEqual([{ userName: 'u-a1' }]);
    expect(await withinTenant(TENANT_B, () => run('u-a1', 'u-b1'))).toEqual([{ userName: 'u-b1' }]);
  });

  it('joins the ambient transaction', async () => {
    const seen = await withinTenant(TENANT_B, () =>
      data.transaction(async () => {
        await data.query().insertInto('identityUsers').values(userRow('u-b-new')).execute();
        const rows = await preparedList('u-b-%', true, 10);
        await data.query().deleteFrom('identityUsers').where('userName', '=', 'u-b-new').execute();
        return rows;
      }),
    );
    expect(seen.map((u) => u.userName)).toEqual(['u-b-new']);
  });

  it('binds parameters inside raw `sql` fragments and subqueries', async () => {
    const run = (needle: string, take: number) =>
      prepared.execute('raw-and-subquery', { needle, take }, (db, p) =>
        db
          .selectFrom('identityUsers')
          .select('userName')
          .where(
            'id',
            'in',
            db
              .selectFrom('identityUsers')
              .select('id')
              .where(sql<SqlBool>`${sql.ref('userName')} like ${p.needle}`)
              .orderBy('userName')
              .limit(p.take),
          )
          .orderBy('userName'),
      );
    expect(await withinTenant(TENANT_A, () => run('%1', 5))).toEqual([{ userName: 'u-a1' }]);
    expect(await withinTenant(TENANT_B, () => run('u-%', 5))).toEqual([
      { userName: 'u-b1' },
      { userName: 'u-b2' },
    ]);
  });

  it('still refuses a tenant-owned table outside any tenant scope', async () => {
    await expect(preparedList('u-%', true, 10)).rejects.toBeInstanceOf(MissingTenantScopeError);
  });

  it('refuses a shape whose text would depend on a parameter', async () => {
    const misuse = () =>
      prepared.execute('misuse', { name: 'x' }, (db, p) =>
        db.selectFrom('tenants').select('name').where('name', 'like', `%${p.name}%`),
      );
    await expect(withinTenant(null, misuse)).rejects.toThrow(/"name" was read/);
    const unused = () =>
      prepared.execute('unused', { name: 'x' }, (db) => db.selectFrom('tenants').select('name'));
    await expect(withinTenant(null, unused)).rejects.toThrow(/not used by the query: name/);
  });
});

describe('prepared queries run at once (DataContext.executeNow)', () => {
  const sqlite = () => data.dialect === 'sqlite';
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('on SQLite when the shared connection is free; not in a transaction, nor in a tenant database', async () => {
    const executeNow = vi.spyOn(data, 'executeNow');
    try {
      const answered = async (work: () => Promise<unknown>) => {
        executeNow.mockClear();
        await work();
        return executeNow.mock.results.map((result) => result.value !== undefined);
      };
      const list = () => preparedList('u-%', true, 10);
      expect(await answered(() => withinTenant(TENANT_A, list))).toEqual([sqlite()]);
      expect(await answered(() => withinTenant(null, list))).toEqual([sqlite()]);
      expect(await answered(() => withinTenant(TENANT_A, () => data.transaction(list)))).toEqual([
        false,
      ]);
      expect(await answered(() => withinTenant(TENANT_OWN, list))).toEqual([false]);
    } finally {
      executeNow.mockRestore();
    }
  });

  it('never inside a transaction another caller holds open: the query waits for it (SQLite) or reads committed rows', async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const writer = withinTenant(TENANT_A, () =>
      data.transaction(async () => {
        await data.query().insertInto('identityUsers').values(userRow('u-a-pending')).execute();
        await committed;
      }),
    );
    await tick(); // the writer holds its connection, its row not committed
    let seen: string[] | undefined;
    const reader = withinTenant(TENANT_A, () => preparedList('u-a-p%', true, 10)).then((rows) => {
      seen = rows.map((row) => row.userName);
    });
    try {
      if (sqlite()) {
        // SQLite has one connection: the reader waits on it.
        await tick();
        expect(seen).toBeUndefined();
      } else {
        // PostgreSQL reads on another connection, at once, and only committed rows. (Awaited: a
        // single tick was too short on a loaded machine, and the writer then never committed.)
        await reader;
        expect(seen).toEqual([]);
      }
    } finally {
      commit();
    }
    await Promise.all([writer, reader]);
    if (sqlite()) expect(seen).toEqual(['u-a-pending']);
    await withinTenant(TENANT_A, () =>
      data.query().deleteFrom('identityUsers').where('userName', '=', 'u-a-pending').execute(),
    );
  });
});
