import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { newUserRow } from '../../../test/user-rows.js';
import { type AppDataContext, createDataContextFor, createRawKysely } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { newConcurrencyStamp } from './audit.js';
import { MissingTenantScopeError } from './data-filter-plugin.js';
import { acrossAllTenants, includingDeleted, withinTenant } from './data-scope.js';

const TENANT_A = '00000000-0000-4000-8000-00000000000a';
const TENANT_B = '00000000-0000-4000-8000-00000000000b';

let database: TestDatabase;
let data: AppDataContext;

const userRow = (userName: string) => newUserRow(userName);

const userNames = async () =>
  (
    await data.query().selectFrom('identityUsers').select('userName').orderBy('userName').execute()
  ).map((row) => row.userName);

beforeAll(async () => {
  database = await createTestDatabase();
  const raw = createRawKysely(database.target);
  await migrateToLatest(raw);
  await raw.destroy();
  data = createDataContextFor(database.target);
  // The same user name in the host and in two tenants; the database allows it, the filter separates them.
  await withinTenant(null, () =>
    data.query().insertInto('identityUsers').values(userRow('shared')).execute(),
  );
  await withinTenant(TENANT_A, async () => {
    await data
      .query()
      .insertInto('identityUsers')
      .values([userRow('shared'), userRow('alice')])
      .execute();
  });
  await withinTenant(TENANT_B, async () => {
    await data
      .query()
      .insertInto('identityUsers')
      .values([userRow('shared'), userRow('bob')])
      .execute();
  });
});

afterAll(async () => {
  await data.destroy();
  await database.drop();
});

describe('tenant filter', () => {
  it('shows each tenant only its own rows, and the host only the host rows', async () => {
    expect(await withinTenant(TENANT_A, userNames)).toEqual(['alice', 'shared']);
    expect(await withinTenant(TENANT_B, userNames)).toEqual(['bob', 'shared']);
    expect(await withinTenant(null, userNames)).toEqual(['shared']);
  });

  it('sets the tenant on inserts', async () => {
    const rows = await acrossAllTenants(() =>
      data
        .query()
        .selectFrom('identityUsers')
        .select(['userName', 'tenantId'])
        .where('userName', '=', 'alice')
        .execute(),
    );
    expect(rows).toEqual([{ userName: 'alice', tenantId: TENANT_A }]);
  });

  it('refuses tenant-owned tables outside a tenant scope', async () => {
    await expect(
      data.query().selectFrom('identityUsers').selectAll().execute(),
    ).rejects.toBeInstanceOf(MissingTenantScopeError);
  });

  it('keeps an `or` in the caller condition inside the tenant', async () => {
    const found = await withinTenant(TENANT_A, () =>
      data
        .query()
        .selectFrom('identityUsers')
        .select('userName')
        .where((eb) => eb.or([eb('userName', '=', 'bob'), eb('userName', '=', 'alice')]))
        .execute(),
    );
    expect(found.map((row) => row.userName)).toEqual(['alice']);
  });

  it('cannot update or delete another tenant rows', async () => {
    await withinTenant(TENANT_A, async () => {
      const updated = await data
        .query()
        .updateTable('identityUsers')
        .set({ name: 'hijacked' })
        .where('userName', '=', 'bob')
        .executeTakeFirst();
      expect(updated.numUpdatedRows).toBe(0n);
      const deleted = await data
        .query()
        .deleteFrom('identityUsers')
        .where('userName', '=', 'bob')
        .executeTakeFirst();
      expect(deleted.numDeletedRows).toBe(0n);
    });
    expect(await withinTenant(TENANT_B, userNames)).toContain('bob');
  });

  it('filters joined tables too', async () => {
    const bobId = await withinTenant(
      TENANT_B,
      async () =>
        (
          await data
            .query()
            .selectFrom('identityUsers')
            .select('id')
            .where('userName', '=', 'bob')
            .executeTakeFirstOrThrow()
        ).id,
    );
    await withinTenant(TENANT_B, async () => {
      await data
        .query()
        .insertInto('identityRoles')
        .values({
          id: 'role-b',
          name: 'editor',
          normalizedName: 'EDITOR',
          concurrencyStamp: newConcurrencyStamp(),
          creationTime: new Date().toISOString(),
        })
        .execute();
      await data
        .query()
        .insertInto('identityUserRoles')
        .values({ userId: bobId, roleId: 'role-b' })
        .execute();
    });
    const joined = (tenant: string) =>
      withinTenant(tenant, () =>
        data
          .query()
          .selectFrom('identityUserRoles as ur')
          .leftJoin('identityRoles as r', 'r.id', 'ur.roleId')
          .select(['ur.userId', 'r.name'])
          .execute(),
      );
    expect(await joined(TENANT_B)).toEqual([{ userId: bobId, name: 'editor' }]);
    expect(await joined(TENANT_A)).toEqual([]);
  });

  it('sees every tenant only through the named escape hatch', async () => {
    const all = await acrossAllTenants(userNames);
    expect(all).toEqual(['alice', 'bob', 'shared', 'shared', 'shared']);
  });
});

describe('soft-delete filter', () => {
  it('writes `is_deleted = false` into the SQL, the text of the partial indexes, unbound', () => {
    const compiled = withinTenant(TENANT_A, () =>
      data.query().selectFrom('identityUsers').select('id').compile(),
    );
    expect(compiled.sql).toContain('"identity_users"."is_deleted" = false');
    expect(compiled.parameters).toEqual([TENANT_A]);
  });

  it('hides deleted rows unless asked to include them', async () => {
    await withinTenant(TENANT_A, async () => {
      await data
        .query()
        .updateTable('identityUsers')
        .set({ isDeleted: true })
        .where('userName', '=', 'alice')
        .execute();
      expect(await userNames()).toEqual(['shared']);
      expect(await includingDeleted(userNames)).toEqual(['alice', 'shared']);
    });
  });

  it('returns booleans as booleans on every engine', async () => {
    const row = await withinTenant(TENANT_A, () =>
      includingDeleted(() =>
        data
          .query()
          .selectFrom('identityUsers')
          .select(['isDeleted', 'isActive', 'emailConfirmed'])
          .where('userName', '=', 'alice')
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(row).toEqual({ isDeleted: true, isActive: true, emailConfirmed: false });
  });
});

describe('transactions', () => {
  it('leaves nothing behind when the work fails', async () => {
    await expect(
      withinTenant(TENANT_A, () =>
        data.transaction(async () => {
          await data.query().insertInto('identityUsers').values(userRow('carol')).execute();
          throw new Error('boom');
        }),
      ),
    ).rejects.toThrow('boom');
    expect(await withinTenant(TENANT_A, userNames)).not.toContain('carol');
  });

  it('runs after-commit work only once the transaction has committed', async () => {
    const seen: string[][] = [];
    await withinTenant(TENANT_A, () =>
      data.transaction(async () => {
        await data.query().insertInto('identityUsers').values(userRow('dave')).execute();
        await data.afterCommit(async () => {
          seen.push(await userNames());
        });
        expect(seen).toEqual([]);
      }),
    );
    expect(seen[0]).toContain('dave');
  });
});
