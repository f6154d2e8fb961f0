import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { currentDataScope } from '../platform/data/data-scope.js';
import { canExecuteNow, type ImmediateExecution } from './sqlite/immediate-sqlite-driver.js';

/** Runs a query on the caller's shared-database connection (see `TenantDatabaseRouter`). */
export type RunOnShared = (query: CompiledQuery) => Promise<QueryResult<unknown>>;

export interface TenantDatabaseRouter {
  /** Tables (snake_case, as compiled) that live in a tenant's own database when it has one. */
  readonly tenantTables: ReadonlySet<string>;
  /**
   * The driver of the tenant's own database, opened and migrated on first use, or undefined when
   * the tenant uses the shared database. Lookups run through `runOnShared`, on the caller's own
   * connection, so that a SQLite transaction never waits for its own single connection.
   */
  driverFor(tenantId: string, runOnShared: RunOnShared): Promise<Driver | undefined>;
  /** True when this instance already knows the tenant uses the shared database (the fast path). */
  usesShared(tenantId: string): boolean;
  destroy(): Promise<void>;
}

/** The base dialect, with a driver that sends each query to the shared or the tenant database. */
export class RoutingDialect implements Dialect {
  constructor(
    private readonly base: Dialect,
    private readonly router: TenantDatabaseRouter,
  ) {}
  createAdapter(): DialectAdapter {
    return this.base.createAdapter();
  }
  createDriver(): Driver {
    return new RoutingDriver(this.base.createDriver(), this.router);
  }
  createQueryCompiler(): QueryCompiler {
    return this.base.createQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.base.createIntrospector(db);
  }
}

/** Whether the ambient scope's queries all go to the shared database. */
function sharedScope(router: TenantDatabaseRouter): boolean {
  const scope = currentDataScope();
  const tenantId = scope?.tenantFilter === false ? null : scope?.tenantId;
  return !tenantId || router.usesShared(tenantId);
}

/** Savepoints are not offered: nothing uses them, and they would have to span databases. */
class RoutingDriver implements Driver, ImmediateExecution {
  constructor(
    private readonly shared: Driver,
    private readonly router: TenantDatabaseRouter,
  ) {}
  init = () => this.shared.init();
  acquireConnection(): Promise<DatabaseConnection> {
    const connection = new RoutingConnection(this.shared, this.router);
    // The common case (the host, or a tenant in the shared database) gets its real connection
    // now, so that its queries and its release take no detour.
    if (!sharedScope(this.router)) return Promise.resolve(connection);
    return connection.sharedConnection().then(() => connection);
  }
  /** At once on the shared database when its driver can; a tenant database's query waits. */
  executeNow(query: CompiledQuery): QueryResult<unknown> | undefined {
    if (!canExecuteNow(this.shared) || !sharedScope(this.router)) return undefined;
    return this.shared.executeNow(query);
  }
  executeWritesNow(queries: readonly CompiledQuery[]): boolean {
    if (!canExecuteNow(this.shared) || !sharedScope(this.router)) return false;
    return this.shared.executeWritesNow(queries);
  }
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) =>
    (connection as RoutingConnection).begin(settings);
  commitTransaction = (connection: DatabaseConnection) =>
    (connection as RoutingConnection).commit();
  rollbackTransaction = (connection: DatabaseConnection) =>
    (connection as RoutingConnection).rollback();
  releaseConnection = (connection: DatabaseConnection) =>
    (connection as RoutingConnection).release();
  async destroy(): Promise<void> {
    await this.router.destroy();
    await this.shared.destroy();
  }
}

interface Open {
  driver: Driver;
  connection: DatabaseConnection;
  inTransaction: boolean;
}

/**
 * One logical connection: the real connections to the shared and tenant databases are acquired on
 * first use and, inside a transaction, each begins its own transaction then. Commits go tenant
 * databases first and the shared one last; any failure rolls back what has not committed.
 */
class RoutingConnection implements DatabaseConnection {
  /** The shared database's connection, once acquired (`#sharedPending` while it is). */
  #shared: Open | undefined;
  #sharedPending: Promise<Open> | undefined;
  #tenants: Map<Driver, Promise<Open>> | undefined;
  #transaction: TransactionSettings | undefined;

  constructor(
    private readonly sharedDriver: Driver,
    private readonly router: TenantDatabaseRouter,
  ) {}

  async #open(driver: Driver): Promise<Open> {
    const connection = await driver.acquireConnection();
    if (!this.#transaction) return { driver, connection, inTransaction: false };
    await driver.beginTransaction(connection, this.#transaction);
    return { driver, connection, inTransaction: true };
  }

  sharedConnection(): Promise<Open> {
    this.#sharedPending ??= this.#open(this.sharedDriver).then((open) => {
      this.#shared = open;
      return open;
    });
    return this.#sharedPending;
  }

  #tenantConnection(driver: Driver): Promise<Open> {
    this.#tenants ??= new Map();
    let open = this.#tenants.get(driver);
    if (!open) {
      open = this.#open(driver);
      this.#tenants.set(driver, open);
    }
    return open;
  }

  async #route(query: CompiledQuery): Promise<DatabaseConnection> {
    const scope = currentDataScope();
    const tenantId = scope?.tenantFilter === false ? null : scope?.tenantId;
    if (tenantId) {
      const runOnShared: RunOnShared = async (lookup) =>
        (await this.sharedConnection()).connection.executeQuery(lookup);
      const driver = await this.router.driverFor(tenantId, runOnShared);
      if (driver && touchesAny(query.query, this.router.tenantTables)) {
        return (await this.#tenantConnection(driver)).connection;
      }
    }
    return (await this.sharedConnection()).connection;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#shared && sharedScope(this.router))
      return this.#shared.connection.executeQuery<R>(query);
    return this.#route(query).then((connection) => connection.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    yield* (await this.#route(query)).streamQuery<R>(query, chunkSize);
  }

  /** Tenant databases first, the shared one last: the order of commits. */
  async #all(): Promise<Open[]> {
    const tenants = this.#tenants ? await Promise.all(this.#tenants.values()) : [];
    return this.#sharedPending ? [...tenants, await this.#sharedPending] : tenants;
  }

  async begin(settings: TransactionSettings): Promise<void> {
    this.#transaction = settings;
    // The shared database's transaction starts at once, as it did before routing existed.
    const open = await this.sharedConnection();
    if (!open.inTransaction) {
      await open.driver.beginTransaction(open.connection, settings);
      open.inTransaction = true;
    }
  }

  async commit(): Promise<void> {
    try {
      for (const open of await this.#all()) {
        if (!open.inTransaction) continue;
        await open.driver.commitTransaction(open.connection);
        open.inTransaction = false;
      }
    } catch (error) {
      await this.rollback();
      throw error;
    } finally {
      this.#transaction = undefined;
    }
  }

  async rollback(): Promise<void> {
    this.#transaction = undefined;
    for (const open of await this.#all()) {
      if (!open.inTransaction) continue;
      open.inTransaction = false;
      await open.driver.rollbackTransaction(open.connection).catch(() => {});
    }
  }

  async release(): Promise<void> {
    const { sharedDriver } = this;
    const shared = this.#shared;
    const tenants = this.#tenants;
    const pending = this.#sharedPending;
    this.#shared = undefined;
    this.#sharedPending = undefined;
    this.#tenants = undefined;
    if (!tenants && shared) return sharedDriver.releaseConnection(shared.connection);
    const all = [...(tenants?.values() ?? []), ...(pending ? [pending] : [])];
    for (const result of await Promise.allSettled(all)) {
      if (result.status === 'fulfilled') {
        await result.value.driver.releaseConnection(result.value.connection);
      }
    }
  }
}

/** Whether the query names one of `tables` anywhere (from, joins, subqueries, insert target). */
function touchesAny(node: unknown, tables: ReadonlySet<string>): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((child) => touchesAny(child, tables));
  const record = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (record.kind === 'TableNode' && tables.has(record.table?.identifier?.name ?? '')) return true;
  for (const value of Object.values(node)) {
    if (value && typeof value === 'object' && touchesAny(value, tables)) return true;
  }
  return false;
}
