import type { Kysely } from 'kysely';
import { currentDataScope, newDataScope, runInScope } from './data-scope.js';

/**
 * The unit of work: `transaction(work)` runs `work` in one database transaction and makes it the
 * ambient one, so every repository call inside joins it without passing it around; nested calls
 * reuse the outer transaction. `query()` is what repositories build their queries from.
 */
export interface DataContext<DB> {
  readonly db: Kysely<DB>;
  readonly dialect: 'sqlite' | 'postgres';
  query(): Kysely<DB>;
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` after the ambient transaction commits, or now when there is none. */
  afterCommit(work: () => Promise<void>): Promise<void>;
  destroy(): Promise<void>;
}

export function createDataContext<DB>(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
): DataContext<DB> {
  return {
    db,
    dialect,
    query: () => (currentDataScope()?.transaction as Kysely<DB> | undefined) ?? db,
    async transaction(work) {
      const scope = currentDataScope();
      if (scope?.transaction) return work();
      const afterCommit: (() => Promise<void>)[] = [];
      const result = await db
        .transaction()
        .execute((transaction) =>
          runInScope({ ...(scope ?? newDataScope()), transaction, afterCommit }, work),
        );
      for (const task of afterCommit) await task();
      return result;
    },
    async afterCommit(work) {
      const pending = currentDataScope()?.afterCommit;
      if (pending) pending.push(work);
      else await work();
    },
    destroy: () => db.destroy(),
  };
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
