import type { Insertable, Kysely, Selectable } from 'kysely';
import { tablesOf } from '../data/transaction.js';
import type { SecurityLogsTable } from './security-logs.tables.js';

export type SecurityLogRow = Selectable<SecurityLogsTable>;

/** Rows of the current tenant (the data filter adds it); the platform knows only its own table. */
export function createSecurityLogRepository(
  data: { query(): Kysely<never> } | { query(): unknown },
) {
  const db = tablesOf<{ securityLogs: SecurityLogsTable }>(data);
  return {
    async insert(row: Insertable<SecurityLogsTable>): Promise<void> {
      await db.query().insertInto('securityLogs').values(row).execute();
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
