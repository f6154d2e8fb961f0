import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Dialect, type Driver, Kysely, type KyselyPlugin, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import { type BackgroundLogger, silentLogger } from '../platform/async/background-logger.js';
import { DataFilterPlugin } from '../platform/data/data-filter-plugin.js';
import { keptStatement } from '../platform/data/reusable-plans.js';
import { SqliteBooleanPlugin } from '../platform/data/sqlite-boolean-plugin.js';
import { createDataContext, type DataContext } from '../platform/data/transaction.js';
import { CamelCaseRowsPlugin } from './camel-case-rows-plugin.js';
import { createPostgresDatabaseIfMissing } from './create-missing-database.js';
import { makeFolders } from './make-folders.js';
import { migrateToLatest } from './migrate.js';
import { runQuery } from './postgres/postgres-query.js';
import { RoutingDialect } from './routing-driver.js';
import { booleanColumns, type Database, dataFilterTables } from './schema.js';
import { canExecuteNow, type ImmediateExecution } from './sqlite/immediate-sqlite-driver.js';
import { checkpointInBackground } from './sqlite/sqlite-checkpointer.js';
import { keepFtsIndexesMerged } from './sqlite/sqlite-fts-maintenance.js';
import { ReusableSqliteDialect } from './sqlite/sqlite-query-compiler.js';
import {
  createTenantDatabases,
  type TenantDatabases,
  type TenantDatabasesOptions,
} from './tenant-databases.js';

export type AppDataContext = DataContext<Database>;

/** Tenant-owned, yet always in the shared database: one worker polls the outbox there. */
const keptInSharedDatabase = ['mailOutbox'];

/** A Kysely without plugins, for migrations: they name tables and columns as the database does. */
export function createRawKysely(
  target: DatabaseTarget,
  log: BackgroundLogger = silentLogger,
): Kysely<unknown> {
  return new Kysely({ dialect: createDialect(target, log) });
}

/**
 * The application's database: ABP's data filters first (they add camelCase references), then
 * camelCase ↔ snake_case, then SQLite's booleans. `log` hears of a lost PostgreSQL connection and
 * of SQLite's background maintenance failing.
 */
export function createDataContextFor(
  target: DatabaseTarget,
  options: { tenantDatabases?: TenantDatabasesOptions; log?: BackgroundLogger } = {},
): AppDataContext & { tenantDatabases?: TenantDatabases } {
  const log = options.log ?? silentLogger;
  const plugins: KyselyPlugin[] = [
    new DataFilterPlugin(dataFilterTables),
    new CamelCaseRowsPlugin(),
  ];
  if (target.dialect === 'sqlite') plugins.push(new SqliteBooleanPlugin(booleanColumns));
  if (!options.tenantDatabases) {
    const { dialect, immediate } = withImmediateExecution(createDialect(target, log));
    const db = new Kysely<Database>({ dialect, plugins });
    return createDataContext(db, target.dialect, immediate);
  }
  // Decision 003: tenant-owned tables of a tenant with its own database go there.
  const tenantDatabases = createTenantDatabases({
    options: options.tenantDatabases,
    sharedDialect: target.dialect,
    tenantOwnedTables: dataFilterTables.multiTenant,
    keptShared: keptInSharedDatabase,
    createDialect: (tenantTarget) => createDialect(tenantTarget, log),
    async migrate(tenantTarget) {
      // As EF Core's `Migrate()` does for ABP's tenant databases (the shared one must exist: a
      // mistyped DATABASE_URL should stop the start, not seed an empty database).
      if (tenantTarget.dialect === 'postgres') {
        await createPostgresDatabaseIfMissing(tenantTarget.connectionString);
      }
      const raw = createRawKysely(tenantTarget, log);
      try {
        await migrateToLatest(raw);
      } finally {
        await raw.destroy();
      }
    },
  });
  const { dialect, immediate } = withImmediateExecution(
    new RoutingDialect(createDialect(target, log), tenantDatabases),
  );
  const db = new Kysely<Database>({ dialect, plugins });
  return { ...createDataContext(db, target.dialect, immediate), tenantDatabases };
}

/**
 * The dialect, and the immediate execution of the driver Kysely creates from it (once, in its
 * constructor), when that driver has one (SQLite's: immediate-sqlite-driver.ts).
 */
function withImmediateExecution(base: Dialect) {
  let driver: Driver | undefined;
  const dialect: Dialect = {
    createAdapter: () => base.createAdapter(),
    createDriver: () => {
      driver = base.createDriver();
      return driver;
    },
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => base.createIntrospector(db),
  };
  const immediate: ImmediateExecution = {
    executeNow: (query) => (canExecuteNow(driver) ? driver.executeNow(query) : undefined),
    executeWritesNow: (queries) => canExecuteNow(driver) && driver.executeWritesNow(queries),
  };
  return { dialect, immediate };
}

/** How long a request waits for a PostgreSQL connection, new or from the pool. */
const CONNECTION_TIMEOUT_MS = 5_000;

export function createDialect(
  target: DatabaseTarget,
  log: BackgroundLogger = silentLogger,
): Dialect {
  if (target.dialect === 'postgres') {
    const connectionLost = (error: Error) =>
      log.warn({ err: error }, `PostgreSQL connection lost: ${error.message}`);
    // A connection that cannot be had within the timeout fails the request (503, error-handler.ts)
    // instead of holding it while the database host does not answer (pg waits forever by default).
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: 10,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    // A connection the server drops (restart, failover, network) must not crash the process. pg
    // reports it as an 'error' event: on the pool while the client is idle, and on the client
    // itself while a request holds it, where nothing listens unless we do. The query in flight
    // fails on its own (503, error-handler.ts); the pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', connectionLost));
    pool.on('error', () => {}); // the client's own listener has logged it
    pool.on('connect', sendQueriesThroughCompiledRows);
    return new PostgresDialect({ pool });
  }
  return new ReusableSqliteDialect({ database: async () => openSqlite(target.file, log) });
}

/**
 * Kysely sends every query as `client.query(text, values)`. Those calls go through `runQuery`
 * (postgres-query.ts: rows built by a literal compiled per column list), and texts marked by their
 * callers (platform/data/reusable-plans.ts) as named statements: an unnamed one is parsed and
 * planned by PostgreSQL on each execution; pg parses a named one once per connection, and
 * PostgreSQL plans it as marked (a users-list page: 184 µs of the backend's CPU planned each time,
 * 92 µs with its generic plan kept). Other calls (a cursor, a config object) go to pg unchanged.
 */
function sendQueriesThroughCompiledRows(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values: unknown, ...rest: unknown[]) =>
    typeof text === 'string' && rest.length === 0 && (values === undefined || Array.isArray(values))
      ? runQuery(client, text, values, keptStatement(text))
      : query(text, values, ...rest)) as typeof client.query;
}

function openSqlite(file: string, log: BackgroundLogger): SqliteDatabase.Database {
  if (file !== ':memory:') makeFolders(dirname(file));
  const database = new SqliteDatabase(file);
  // WAL lets readers proceed during a write. No busy timeout: SQLite would sleep on the event
  // loop while a second process holds the write lock; the driver waits for it on a timer instead
  // (immediate-sqlite-driver.ts).
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 0');
  dropStat4Samples(database);
  cachePreparedStatements(database);
  const stopMerging = keepFtsIndexesMerged(database, {
    onError: (error) =>
      log.warn({ err: error }, `SQLite search index maintenance failed: ${String(error)}`),
  });
  const stopCheckpointing =
    file === ':memory:'
      ? () => {}
      : checkpointInBackground(database, (message) =>
          log.warn({ file }, `SQLite checkpoint of ${file} failed: ${message}`),
        );
  const close = database.close.bind(database);
  database.close = () => {
    stopMerging();
    stopCheckpointing();
    // The checkpointer's connection may still be open, so this one is not the last to close and
    // SQLite would leave the WAL as it is: copy it into the database file now, so that the file
    // alone (a copy taken after a stop) holds everything. Should it fail, the WAL still does.
    if (database.open && file !== ':memory:') {
      try {
        database.pragma('wal_checkpoint(TRUNCATE)');
      } catch {}
    }
    return close();
  };
  return database;
}

/**
 * better-sqlite3's SQLite is built with STAT4, so a plain `ANALYZE` (or `PRAGMA optimize`) also
 * stores per-value samples, and with those the planner reads the bound value of `tenant_id = ?`:
 * SQLite then plans every statement that binds a tenant id again on each execution (decision 008,
 * "Statements that re-plan": 0.2 ms of a filtered users-list request). The samples are dropped
 * when a database is opened; `sqlite_stat1` stays. No query needs them: the users list's plans
 * are fixed by their SQL, and the same with or without statistics.
 */
function dropStat4Samples(database: SqliteDatabase.Database): void {
  const stat4 = database
    .prepare("select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'")
    .get();
  if (!stat4 || !database.prepare('select 1 from sqlite_stat4 limit 1').get()) return;
  database.exec('delete from sqlite_stat4');
  // Statistics are read with the schema; this reads them again.
  database.exec('analyze sqlite_schema');
}

/** Distinct statements kept prepared per SQLite connection; the application has a few hundred. */
const PREPARED_STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew; compiling the SQL cost ~35 µs a statement, a
 * sixth of the refresh grant's database time (profiled with `npm run bench`). The statements are
 * reused by their text instead (the parameters are bound per call), least recently used out first.
 * A statement still being iterated (a streamed select) is `busy` and cannot run twice at once: the
 * rare caller that meets one gets a fresh statement.
 */
export function cachePreparedStatements(database: SqliteDatabase.Database): void {
  const prepare = database.prepare.bind(database);
  const statements = new Map<string, SqliteDatabase.Statement>();
  database.prepare = ((source: string) => {
    const cached = statements.get(source);
    if (cached && !cached.busy) {
      statements.delete(source);
      statements.set(source, cached);
      return cached;
    }
    const statement = withFastRows(prepare(source));
    if (cached) return statement;
    if (statements.size >= PREPARED_STATEMENT_CACHE_SIZE) {
      const oldest = statements.keys().next().value;
      if (oldest !== undefined) statements.delete(oldest);
    }
    statements.set(source, statement);
    return statement;
  }) as SqliteDatabase.Database['prepare'];
}

/**
 * better-sqlite3 builds each row by adding its columns one by one, and V8 turns an object that
 * gets more than 16 properties that way into a hash table: every read of a 22-column user row
 * was then a dictionary lookup, and building the rows cost more than running the query (a
 * users-list page: 83 µs for `all`, 48 µs this way). A reader statement's `all` reads raw arrays
 * instead and builds each row with an object literal compiled once from the statement's columns,
 * which V8 lays out as a fast object. Same keys, order and values (a repeated column name keeps
 * the last value, as better-sqlite3 does).
 */
function withFastRows(statement: SqliteDatabase.Statement): SqliteDatabase.Statement {
  if (!statement.reader) return statement;
  let width = -1;
  let toObject: (row: unknown[]) => unknown = () => undefined;
  const all = statement.all.bind(statement);
  statement.all = ((...parameters: unknown[]) => {
    statement.raw(true);
    let rows: unknown[][];
    try {
      rows = all(...parameters) as unknown[][];
    } finally {
      statement.raw(false);
    }
    // Compiled on first use, and again if a schema change gave `select *` other columns.
    if (rows.length > 0 && rows[0]?.length !== width) {
      const columns = statement.columns().map((column) => column.name);
      const fields = columns.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
      toObject = new Function('row', `return { ${fields} };`) as (row: unknown[]) => unknown;
      width = columns.length;
    }
    return rows.map(toObject);
  }) as typeof statement.all;
  return statement;
}
