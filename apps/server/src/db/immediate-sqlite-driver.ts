import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/** Kysely's SQLite configuration with the database opened by a function (as database.ts does). */
export type SqliteFileConfig = Omit<SqliteDialectConfig, 'database'> & {
  database: () => Promise<SqliteDatabase.Database>;
};

/** A driver that can run a query synchronously when nothing would make the query wait. */
export interface ImmediateExecution {
  /** The query's raw result now, or undefined when it must take Kysely's usual way. */
  executeNow(query: CompiledQuery): QueryResult<unknown> | undefined;
}

export const canExecuteNow = (driver: unknown): driver is ImmediateExecution =>
  typeof (driver as Partial<ImmediateExecution> | undefined)?.executeNow === 'function';

/**
 * Kysely's SQLite driver, plus `executeNow`. better-sqlite3 answers synchronously, yet a query
 * through Kysely takes some twenty promises (connection provider, the single connection's mutex,
 * release, one per result plugin), each paying the request scope's async hooks: for a users-list
 * page that chain cost more than running the statement. When no caller holds the connection or
 * waits for it (no transaction open, no query in flight), nothing can come between a statement
 * and the next one on the connection, so a query may run at once instead; otherwise `executeNow`
 * declines and the query queues on the mutex as before. Same statements (the cached `prepare`)
 * and the same result as Kysely's connection builds.
 */
export class ImmediateSqliteDriver extends SqliteDriver implements ImmediateExecution {
  readonly #opened: { database?: SqliteDatabase.Database };
  /** Callers that acquired the connection or wait for it, and have not released it. */
  #holders = 0;

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

  // Counted before the mutex is awaited: a waiting caller must also keep `executeNow` out, or a
  // query could run between a transaction's statements. (Kysely's acquire cannot fail; if it did,
  // the count would only keep every later query on the usual way.)
  override acquireConnection(): Promise<DatabaseConnection> {
    this.#holders++;
    return super.acquireConnection();
  }

  override releaseConnection(): Promise<void> {
    this.#holders--;
    return super.releaseConnection();
  }

  executeNow(query: CompiledQuery): QueryResult<unknown> | undefined {
    const database = this.#opened.database;
    if (this.#holders > 0 || !database?.open) return undefined;
    const statement = database.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }
}
