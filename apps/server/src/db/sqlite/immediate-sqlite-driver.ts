import { setTimeout as sleep } from 'node:timers/promises';
import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { isSqliteBusy } from './sqlite-busy.js';

/** How long a statement waits for another process's write lock before it fails (SQLITE_BUSY). */
const WRITE_LOCK_WAIT_MS = 5_000;
/** Pauses between tries: short at first (most locks are brief), then every 100 ms. */
const PAUSES_MS = [5, 10, 20, 40, 80, 100];

/** Kysely's SQLite configuration with the database opened by a function (as database.ts does). */
export type SqliteFileConfig = Omit<SqliteDialectConfig, 'database'> & {
  database: () => Promise<SqliteDatabase.Database>;
};

/** A driver that can run a query synchronously when nothing would make the query wait. */
export interface ImmediateExecution {
  /** The query's raw result now, or undefined when it must take Kysely's usual way. */
  executeNow(query: CompiledQuery): QueryResult<unknown> | undefined;
  /**
   * Runs the writes now, in order, in one transaction; false when they must take Kysely's way
   * (nothing has been written then).
   */
  executeWritesNow(queries: readonly CompiledQuery[]): boolean;
}

export const canExecuteNow = (driver: unknown): driver is ImmediateExecution =>
  typeof (driver as Partial<ImmediateExecution> | undefined)?.executeNow === 'function';

/**
 * Kysely's SQLite driver, plus `executeNow`, waiting for another process's write lock without
 * stopping the event loop.
 *
 * `executeNow`: better-sqlite3 answers synchronously, yet a query through Kysely takes some twenty
 * promises (connection provider, the single connection's mutex, release, one per result plugin),
 * each paying the request scope's async hooks: for a users-list page that chain cost more than
 * running the statement. When no caller holds the connection or waits for it (no transaction
 * open, no query in flight), nothing can come between a statement and the next one on the
 * connection, so a query may run at once instead; otherwise `executeNow` declines and the query
 * queues on the mutex as before. Same statements (the cached `prepare`) and the same result as
 * Kysely's connection builds.
 *
 * Another process's write lock (a second server on the file, the `sqlite3` shell, a migration):
 * SQLite's busy timeout sleeps on the calling thread, which is the event loop, so every request
 * of the process stood still while one write waited. The busy timeout is 0 (database.ts); a
 * statement outside a transaction, or a transaction's `begin immediate`, that finds the lock
 * taken lets go of the connection, waits on a timer and tries again, up to WRITE_LOCK_WAIT_MS,
 * then fails with SQLITE_BUSY, an outage (503, database-unavailable.ts). Meanwhile other queries
 * use the connection: in WAL mode reads are not held up by a writer. (So a connection reserved
 * with Kysely's `db.connection()` is not exclusive between its statements; nothing here reserves
 * one.)
 */
export class ImmediateSqliteDriver extends SqliteDriver implements ImmediateExecution {
  readonly #opened: { database?: SqliteDatabase.Database };
  #connection: DatabaseConnection | undefined;
  /**
   * The connection's own mutex (the base class's is left unused, so that a caller waiting for a
   * lock can give the connection up): held from acquire to release, passed straight to the next
   * in line, so that nothing runs between two callers' turns.
   */
  #held = false;
  readonly #waiting: (() => void)[] = [];
  /** A transaction is open on the connection (its statements are never tried again). */
  #inTransaction = false;
  /** `executeWritesNow`'s transaction, made once. */
  #writeAll: SqliteDatabase.Transaction<(writes: readonly CompiledQuery[]) => void> | undefined;

  constructor(config: SqliteFileConfig) {
    const opened: { database?: SqliteDatabase.Database } = {};
    super({
      ...config,
      database: async () => {
        opened.database = await config.database();
        return opened.database;
      },
    });
    this.#opened = opened;
  }

  override async init(): Promise<void> {
    await super.init();
    const connection = await super.acquireConnection();
    await super.releaseConnection();
    this.#connection = this.#waitingOutLocks(connection);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock();
    return this.#connection as DatabaseConnection;
  }

  override async releaseConnection(): Promise<void> {
    this.#unlock();
  }

  #lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  /**
   * `begin immediate`: a transaction takes the write lock when it begins, where waiting for it
   * is safe, instead of at its first write, where another process's commit in between makes the
   * transaction fail however long it waits (SQLITE_BUSY_SNAPSHOT). One connection serves this
   * process, so its own transactions ran one after another already.
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.#inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      this.#inTransaction = false;
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#inTransaction = false;
    }
  }

  /** The connection, with statements tried again while another process holds the write lock. */
  #waitingOutLocks(connection: DatabaseConnection): DatabaseConnection {
    const executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      for (let waited = 0, tries = 0; ; tries++) {
        try {
          return await connection.executeQuery<R>(query);
        } catch (error) {
          if (!isSqliteBusy(error) || this.#inTransaction || waited >= WRITE_LOCK_WAIT_MS)
            throw error;
          const pause = PAUSES_MS[Math.min(tries, PAUSES_MS.length - 1)] as number;
          // No transaction is open: the connection may serve others until the next try.
          this.#unlock();
          try {
            await sleep(pause);
          } finally {
            await this.#lock();
          }
          waited += pause;
        }
      }
    };
    return { executeQuery, streamQuery: (query, size) => connection.streamQuery(query, size) };
  }

  executeNow(query: CompiledQuery): QueryResult<unknown> | undefined {
    const database = this.#opened.database;
    if (this.#held || !database?.open) return undefined;
    const statement = database.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    try {
      if (statement.reader) return { rows: statement.all(parameters) };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      // Locked by another process: Kysely's way, which waits for the lock (#waitingOutLocks).
      if (isSqliteBusy(error)) return undefined;
      throw error;
    }
  }

  /**
   * `begin immediate`, the statements, `commit`, all synchronous: a token grant's three writes
   * through Kysely's transaction cost some hundred microseconds of promises more than the
   * statements themselves. Another process's write lock makes `begin immediate` fail before
   * anything is written: the caller then takes Kysely's way, which waits for the lock.
   */
  executeWritesNow(queries: readonly CompiledQuery[]): boolean {
    const database = this.#opened.database;
    if (this.#held || !database?.open) return false;
    this.#writeAll ??= database.transaction((writes: readonly CompiledQuery[]) => {
      for (const { sql, parameters } of writes) database.prepare(sql).run(parameters as unknown[]);
    });
    try {
      this.#writeAll.immediate(queries);
      return true;
    } catch (error) {
      // better-sqlite3 has rolled the transaction back: nothing is written.
      if (isSqliteBusy(error)) return false;
      throw error;
    }
  }
}
