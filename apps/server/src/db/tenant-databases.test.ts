import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenantDatabasePair,
  type TenantDatabasePair,
} from '../../test/tenant-database-pair.js';
import type { TestDatabase } from '../../test/test-database.js';
import type { DatabaseTarget } from '../config.js';
import { newConcurrencyStamp, normalize } from '../platform/data/audit.js';
import { withinTenant } from '../platform/data/data-scope.js';

// Decision 003 on both engines: the tenant-owned rows of a tenant with its own database go
// there (migrated on first use), host rows stay in the shared database, transactions span both.

/** The few tables read without the application's plugins, as the databases name them. */
interface RawTables {
  identity_roles: { name: string };
  settings: { provider_key: string };
  kysely_migration: { name: string };
}

const OWN = '00000000-0000-4000-8000-0000000000a1';
const SHARED = '00000000-0000-4000-8000-0000000000a2';
let pair: TenantDatabasePair<RawTables>;
let shared: TestDatabase;
let data: TenantDatabasePair<RawTables>['data'];
let ownRaw: Kysely<RawTables>;
let sharedRaw: Kysely<RawTables>;

const role = (name: string) => ({
  id: crypto.randomUUID(),
  name,
  normalizedName: normalize(name),
  concurrencyStamp: newConcurrencyStamp(),
  creationTime: new Date().toISOString(),
});
const insertRole = (name: string) =>
  data.query().insertInto('identityRoles').values(role(name)).execute();
const roleNames = async (db: Kysely<RawTables>) =>
  (await db.selectFrom('identity_roles').select('name').orderBy('name').execute()).map(
    (r) => r.name,
  );

beforeAll(async () => {
  pair = await createTenantDatabasePair<RawTables>({ ownTenantId: OWN, sharedTenantIds: [SHARED] });
  ({ shared, data, ownRaw, sharedRaw } = pair);
});
afterAll(() => pair.close());

describe('routing', () => {
  it("migrates a tenant's database on first use and keeps its tenant-owned rows there", async () => {
    await withinTenant(OWN, () => insertRole('own-editor'));
    const migrated = await ownRaw.selectFrom('kysely_migration').select('name').execute();
    expect(migrated.length).toBeGreaterThan(0);
    expect(await roleNames(ownRaw)).toEqual(['own-editor']);
    expect(await roleNames(sharedRaw)).toEqual([]);
    // Reads in the tenant's scope see its database.
    const seen = await withinTenant(OWN, () =>
      data.query().selectFrom('identityRoles').select('name').execute(),
    );
    expect(seen).toEqual([{ name: 'own-editor' }]);
  });

  it('keeps host data, other tenants and the host itself in the shared database', async () => {
    await withinTenant(OWN, () =>
      data
        .query()
        .insertInto('settings')
        .values({
          id: crypto.randomUUID(),
          name: 'x',
          value: '1',
          providerName: 'T',
          providerKey: OWN,
        })
        .execute(),
    );
    await withinTenant(SHARED, () => insertRole('shared-editor'));
    await withinTenant(null, () => insertRole('host-editor'));
    expect(await roleNames(sharedRaw)).toEqual(['host-editor', 'shared-editor']);
    expect(await sharedRaw.selectFrom('settings').select('provider_key').execute()).toEqual([
      { provider_key: OWN },
    ]);
    expect(await ownRaw.selectFrom('settings').selectAll().execute()).toEqual([]);
  });

  it('commits both databases with the command, and rolls both back when it fails', async () => {
    const work = (fail: boolean) =>
      data.transaction(async () => {
        await withinTenant(null, () => insertRole(fail ? 'host-lost' : 'host-kept'));
        await withinTenant(OWN, () => insertRole(fail ? 'own-lost' : 'own-kept'));
        if (fail) throw new Error('boom');
      });
    await work(false);
    await expect(work(true)).rejects.toThrow('boom');
    expect(await roleNames(ownRaw)).toEqual(['own-editor', 'own-kept']);
    expect(await roleNames(sharedRaw)).toEqual(['host-editor', 'host-kept', 'shared-editor']);
  });

  it('follows a removed connection string once the tenant is forgotten', async () => {
    await data.query().deleteFrom('tenantConnectionStrings').where('tenantId', '=', OWN).execute();
    await data.tenantDatabases?.forget(OWN);
    await withinTenant(OWN, () => insertRole('own-back-home'));
    expect(await roleNames(sharedRaw)).toContain('own-back-home');
  });

  it('refuses a database of another engine than the shared one', async () => {
    const other: DatabaseTarget =
      shared.target.dialect === 'sqlite'
        ? { dialect: 'postgres', connectionString: 'postgres://nobody@127.0.0.1:1/none' }
        : { dialect: 'sqlite', file: `${shared.dataDir}/other.sqlite` };
    await expect(data.tenantDatabases?.open(other)).rejects.toThrow(/must use/);
  });
});
