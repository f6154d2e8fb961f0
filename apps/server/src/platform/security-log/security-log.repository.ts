import type { Insertable, Selectable } from 'kysely';
import { createPreparedQueries } from '../data/prepared-query.js';
import { type DataContext, tablesOf } from '../data/transaction.js';
import type { SecurityLogsTable } from './security-logs.tables.js';

export type SecurityLogRow = Selectable<SecurityLogsTable>;

/** Rows of the current tenant (the data filter adds it); the platform knows only its own table. */
export function createSecurityLogRepository<DB>(data: DataContext<DB>) {
  const db = tablesOf<{ securityLogs: SecurityLogsTable }>(data);
  // Every sign-in attempt writes one row: a prepared shape (decision 008) per set of columns, so
  // the insert is not rebuilt, walked by the plugins and compiled each time.
  const prepared = createPreparedQueries(
    data as unknown as DataContext<{ securityLogs: SecurityLogsTable }>,
  );
  return {
    async insert(row: Insertable<SecurityLogsTable>): Promise<void> {
      const values = Object.fromEntries(
        Object.entries(row).filter(([, value]) => value !== undefined),
      ) as Insertable<SecurityLogsTable>;
      await prepared.execute(
        `securityLogs.insert|${Object.keys(values).join(',')}`,
        values,
        (q, p) => q.insertInto('securityLogs').values(p),
      );
    },
    /** Newest first; for the user's own history and for tests. */
    listOfUser: (userId: string, maxResultCount = 50) =>
      db
        .query()
        .selectFrom('securityLogs')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('creationTime', 'desc')
        .limit(maxResultCount)
        .execute(),
    listByAction: (action: string, maxResultCount = 50) =>
      db
        .query()
        .selectFrom('securityLogs')
        .selectAll()
        .where('action', '=', action)
        .orderBy('creationTime', 'desc')
        .limit(maxResultCount)
        .execute(),
  };
}

export type SecurityLogRepository = ReturnType<typeof createSecurityLogRepository>;
