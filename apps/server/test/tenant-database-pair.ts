import type { Kysely } from 'kysely';
import type { DatabaseTarget } from '../src/config.js';
import { type AppDataContext, createDataContextFor, createRawKysely } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { TenantDatabases } from '../src/db/tenant-databases.js';
import { createCacheHub } from '../src/platform/caching/cache.js';
import { newTenantRow } from './tenant-rows.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** A target as `tenant_connection_strings` holds it (unencrypted here: the tests' `decode` is none). */
export const connectionStringOf = (target: DatabaseTarget) =>
  target.dialect === 'sqlite' ? target.file : target.connectionString;

/**
 * Decision 003's set-up on the test's engine: a migrated shared database with the application's
 * data context, and tenant `ownTenantId` keeping its data in a second, empty database (migrated on
 * first use); the other tenants use the shared one. `Tables` types the raw (plugin-less) views of
 * both databases, for reading where the rows went.
 */
export async function createTenantDatabasePair<Tables>(tenants: {
  ownTenantId: string;
  sharedTenantIds: readonly string[];
}) {
  const shared: TestDatabase = await createTestDatabase();
  const own: TestDatabase = await createTestDatabase();
  const migrator = createRawKysely(shared.target);
  await migrateToLatest(migrator);
  const cacheHub = createCacheHub();
  const data: AppDataContext & { tenantDatabases?: TenantDatabases } = createDataContextFor(
    shared.target,
    {
      tenantDatabases: {
        cache: cacheHub.create('tenant-databases'),
        decode: (stored) => stored,
        dataDir: shared.dataDir,
      },
    },
  );
  const ids = [tenants.ownTenantId, ...tenants.sharedTenantIds];
  await data
    .query()
    .insertInto('tenants')
    .values(ids.map((id, index) => newTenantRow(id, `Tenant ${index}`)))
    .execute();
  await data
    .query()
    .insertInto('tenantConnectionStrings')
    .values({
      tenantId: tenants.ownTenantId,
      name: 'Default',
      value: connectionStringOf(own.target),
    })
    .execute();
  const sharedRaw = migrator as Kysely<Tables>;
  const ownRaw = createRawKysely(own.target) as Kysely<Tables>;
  return {
    shared,
    own,
    data,
    sharedRaw,
    ownRaw,
    async close() {
      await data.destroy();
      await ownRaw.destroy();
      await sharedRaw.destroy();
      await cacheHub.close();
      await own.drop();
      await shared.drop();
    },
  };
}

export type TenantDatabasePair<Tables> = Awaited<
  ReturnType<typeof createTenantDatabasePair<Tables>>
>;
