import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { ImmediateExecution } from '../../db/sqlite/immediate-sqlite-driver.js';
import { currentDataScope, newDataScope, runInScope } from './data-scope.js';
import { immediateResultTransform } from './immediate-results.js';

/**
 * The unit of work: `transaction(work)` runs `work` in one database transaction and makes it the
 * ambient one, so every repository call inside joins it without passing it around; nested calls
 * reuse the outer transaction. `query()` is what repositories build their queries from.
 */
export interface DataContext<DB> {
  readonly db: Kysely<DB>;
  readonly dialect: 'sqlite' | 'postgres';
  query(): Kysely<DB>;
  /**
   * Runs a compiled query at once when the database can answer without waiting (SQLite outside
   * a transaction, its connection free: see immediate-sqlite-driver.ts), its rows through the
   * result plugins as Kysely would; undefined when it cannot, and the caller then runs the query
   * the usual way (`query().executeQuery(query)`). For hot, already compiled queries.
   */
  executeNow(query: CompiledQuery): QueryResult<unknown> | undefined;
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work`, holding back the writes it hands to `queueWrite`, then runs them in one
   * transaction, in order: at once when the driver can (SQLite, its connection free), else
   * through `transaction`. If `work` fails, none is written. `work` must not read what it
   * queues. Inside a transaction or another `writeTogether`, `work` simply runs.
   */
  writeTogether<T>(work: () => Promise<T>): Promise<T>;
  /** Holds a write for the ambient `writeTogether`; false when there is none (run it yourself). */
  queueWrite(query: CompiledQuery): boolean;
  /**
   * Runs `work` after the ambient transaction commits, or now when there is none. With a `key`,
   * a commit runs the first task given that key and drops the later ones (one notice for many
   * writes of one kind).
   */
  afterCommit(work: () => Promise<void>, key?: string): Promise<void>;
  destroy(): Promise<void>;
}

/** The keys of the tasks each commit's list already holds (`afterCommit`'s `key`). */
const keysAfterCommit = new WeakMap<object, Set<string>>();

export function createDataContext<DB>(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  /** The driver's own immediate execution, if it has one (raw rows, no plugins). */
  immediate?: ImmediateExecution,
): DataContext<DB> {
  const transformResult = immediateResultTransform(db.getExecutor().plugins);
  const driverExecuteNow = immediate?.executeNow;
  const context: DataContext<DB> = {
    db,
    dialect,
    query: () => (currentDataScope()?.transaction as Kysely<DB> | undefined) ?? db,
    executeNow(query) {
      // A transaction's queries go on its own connection, in order.
      if (!driverExecuteNow || !transformResult || currentDataScope()?.transaction)
        return undefined;
      const result = driverExecuteNow(query);
      return (
        result && transformResult({ result: result as QueryResult<never>, queryId: query.queryId })
      );
    },
    async transaction(work) {
      const scope = currentDataScope();
      if (scope?.transaction) return work();
      const afterCommit: (() => Promise<void>)[] = [];
      const result = await db.transaction().execute((transaction) =>
        // Its writes are its own, not held for an enclosing `writeTogether`.
        runInScope(
          { ...(scope ?? newDataScope()), transaction, afterCommit, queuedWrites: undefined },
          work,
        ),
      );
      for (const task of afterCommit) await task();
      return result;
    },
    async writeTogether(work) {
      const scope = currentDataScope();
      if (scope?.transaction || scope?.queuedWrites) return work();
      const queuedWrites: CompiledQuery[] = [];
      const afterCommit: (() => Promise<void>)[] = [];
      const result = await runInScope(
        { ...(scope ?? newDataScope()), queuedWrites, afterCommit },
        work,
      );
      if (queuedWrites.length > 0 && !immediate?.executeWritesNow(queuedWrites)) {
        await context.transaction(async () => {
          const connection = context.query().withoutPlugins();
          for (const query of queuedWrites) await connection.executeQuery(query);
        });
      }
      for (const task of afterCommit) await task();
      return result;
    },
    queueWrite(query) {
      const queued = currentDataScope()?.queuedWrites;
      if (!queued) return false;
      queued.push(query);
      return true;
    },
    async afterCommit(work, key) {
      const pending = currentDataScope()?.afterCommit;
      if (!pending) return work();
      if (key !== undefined) {
        const keys = keysAfterCommit.get(pending) ?? new Set<string>();
        keysAfterCommit.set(pending, keys);
        if (keys.has(key)) return;
        keys.add(key);
      }
      pending.push(work);
    },
    destroy: () => db.destroy(),
  };
  return context;
}

/**
 * A view of the application's database that names only some of its tables, for platform
 * repositories that must not know the modules' schema. Kysely's types are invariant in the schema,
 * so the narrowing is a cast; queries still run on the same ambient connection.
 */
export function tablesOf<Tables>(data: { query(): Kysely<never> } | { query(): unknown }): {
  query(): Kysely<Tables>;
} {
  return data as { query(): Kysely<Tables> };
}
