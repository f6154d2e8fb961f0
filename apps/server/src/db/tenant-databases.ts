import { CompiledQuery, type Dialect, type Driver } from 'kysely';
import type { DatabaseTarget } from '../config.js';
import type { Cache } from '../platform/caching/cache.js';
import { parseConnectionString } from './connection-string.js';
import type { RunOnShared, TenantDatabaseRouter } from './routing-driver.js';

export interface TenantDatabasesOptions {
  /** Which connection string a tenant has: cached per instance, invalidated on every instance. */
  cache: Cache<DatabaseTarget | null>;
  /** Stored connection strings are encrypted; this returns the clear text. */
  decode(stored: string): string;
  /** Where relative SQLite paths live. */
  dataDir: string;
}

export interface TenantDatabases extends TenantDatabaseRouter {
  /** Opens (and migrates) a database now: `PUT …/default-connection-string` checks with it. */
  open(target: DatabaseTarget): Promise<void>;
  /** Drops the cached connection string of a tenant, on every instance. */
  forget(tenantId: string): Promise<void>;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const keyOf = (target: DatabaseTarget) =>
  target.dialect === 'sqlite' ? `sqlite:${target.file}` : target.connectionString;

/**
 * The tenants' own databases (decision 003): which tenant has one, and one driver per database,
 * created, initialized and migrated on first use and closed with the shared database.
 */
export function createTenantDatabases(deps: {
  options: TenantDatabasesOptions;
  sharedDialect: DatabaseTarget['dialect'];
  /** The data filter's tenant-owned tables (camelCase); those kept in the shared database. */
  tenantOwnedTables: Iterable<string>;
  keptShared: Iterable<string>;
  createDialect(target: DatabaseTarget): Dialect;
  migrate(target: DatabaseTarget): Promise<void>;
}): TenantDatabases {
  const { options, sharedDialect } = deps;
  const keptShared = new Set(deps.keptShared);
  const tenantTables = new Set(
    [...deps.tenantOwnedTables].filter((table) => !keptShared.has(table)).map(snakeCase),
  );
  const drivers = new Map<string, Promise<Driver>>();
  const placeholder = (index: number) => (sharedDialect === 'postgres' ? `$${index}` : '?');
  const lookupSql = `select value from tenant_connection_strings where tenant_id = ${placeholder(1)} and name = ${placeholder(2)}`;

  async function targetOf(tenantId: string, runOnShared: RunOnShared) {
    const cached = options.cache.get(tenantId);
    if (cached !== undefined) return cached;
    // Each caller reads on its own connection (no shared in-flight load): a SQLite transaction
    // holding the single connection must never wait for another caller's lookup.
    const result = await runOnShared(CompiledQuery.raw(lookupSql, [tenantId, 'Default']));
    const stored = (result.rows[0] as { value?: string } | undefined)?.value;
    const target = stored
      ? (parseConnectionString(options.decode(stored), options.dataDir) ?? null)
      : null;
    options.cache.set(tenantId, target);
    return target;
  }

  function driverOf(target: DatabaseTarget): Promise<Driver> {
    if (target.dialect !== sharedDialect) {
      return Promise.reject(
        new Error(`A tenant database must use ${sharedDialect}, as the shared one`),
      );
    }
    const key = keyOf(target);
    let driver = drivers.get(key);
    if (!driver) {
      driver = (async () => {
        await deps.migrate(target);
        const created = deps.createDialect(target).createDriver();
        await created.init();
        return created;
      })();
      // A failed open is retried by the next query instead of being remembered.
      driver.catch(() => drivers.delete(key));
      drivers.set(key, driver);
    }
    return driver;
  }

  return {
    tenantTables,
    async driverFor(tenantId, runOnShared) {
      const target = await targetOf(tenantId, runOnShared);
      return target ? driverOf(target) : undefined;
    },
    usesShared: (tenantId) => options.cache.get(tenantId) === null,
    async open(target) {
      await driverOf(target);
    },
    forget: (tenantId) => options.cache.invalidate(tenantId),
    async destroy() {
      const open = await Promise.allSettled(drivers.values());
      drivers.clear();
      for (const result of open) {
        if (result.status === 'fulfilled') await result.value.destroy();
      }
    },
  };
}
