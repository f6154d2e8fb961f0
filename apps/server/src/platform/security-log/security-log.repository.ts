import type { Insertable, Selectable, SelectQueryBuilder } from 'kysely';
import type { Batch } from '../data/in-batches.js';
import { createPreparedQueries } from '../data/prepared-query.js';
import { type DataContext, tablesOf } from '../data/transaction.js';
import type { SecurityLogsTable } from './security-logs.tables.js';

export type SecurityLogRow = Selectable<SecurityLogsTable>;

/** The columns a list matches exactly. */
const exactColumns = [
  'userId',
  'applicationName',
  'identity',
  'action',
  'clientId',
  'correlationId',
] as const;

/** Any code unit past ASCII (surrogates included). */
const BEYOND_ASCII = /[\u0080-\uffff]/;

/**
 * A user name upper-cased without diacritics, as the users list's search folds it: the log's
 * filter ignores case and accents as that search does (ABP matches exactly, which SQL Server's
 * default collation makes case-insensitive).
 */
const normalizeUserName = (value: string) =>
  BEYOND_ASCII.test(value)
    ? value.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase()
    : value.toUpperCase();

/** What a list of rows is narrowed by: a time range (end excluded) and exact values. */
export type SecurityLogFilter = Partial<Record<(typeof exactColumns)[number], string>> & {
  /** Matched ignoring case and accents. */
  userName?: string;
  /** ISO strings in UTC, as `creationTime` is written. */
  from?: string;
  until?: string;
};

/** Rows of the current tenant (the data filter adds it); the platform knows only its own table. */
export function createSecurityLogRepository<DB>(data: DataContext<DB>) {
  const db = tablesOf<{ securityLogs: SecurityLogsTable }>(data);
  // Every sign-in attempt writes one row: a prepared shape (decision 008) per set of columns, so
  // the insert is not rebuilt, walked by the plugins and compiled each time.
  const prepared = createPreparedQueries(
    data as unknown as DataContext<{ securityLogs: SecurityLogsTable }>,
  );
  type Logs = SelectQueryBuilder<{ securityLogs: SecurityLogsTable }, 'securityLogs', object>;
  /**
   * The current tenant's rows that pass the filter. Rows by time are read through
   * `ix_security_logs_tenant_time`, an action's through `ix_security_logs_tenant_action_time`, one
   * user's through `ix_security_logs_tenant_user_time`, a user name's through
   * `ix_security_logs_tenant_normalized_user_name_time`.
   */
  const filtered = (filter: SecurityLogFilter): Logs => {
    let query: Logs = db.query().selectFrom('securityLogs');
    if (filter.from !== undefined) query = query.where('creationTime', '>=', filter.from);
    if (filter.until !== undefined) query = query.where('creationTime', '<', filter.until);
    for (const column of exactColumns) {
      const value = filter[column];
      if (value !== undefined) query = query.where(column, '=', value);
    }
    if (filter.userName !== undefined) {
      query = query.where('normalizedUserName', '=', normalizeUserName(filter.userName));
    }
    return query;
  };
  return {
    /** A page of rows by time (the id breaks ties, so pages never overlap). */
    page: (filter: SecurityLogFilter, newestFirst: boolean, skip: number, take: number) =>
      filtered(filter)
        .selectAll()
        .orderBy('creationTime', newestFirst ? 'desc' : 'asc')
        .orderBy('id', newestFirst ? 'desc' : 'asc')
        .limit(take)
        .offset(skip)
        .execute(),
    async count(filter: SecurityLogFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    findById: (id: string) =>
      db.query().selectFrom('securityLogs').selectAll().where('id', '=', id).executeTakeFirst(),
    /**
     * Deletes a batch of the current tenant's oldest rows written before `before` (an ISO instant)
     * and after `after`: `limit` of them, or more when several share the last one's time. Says how
     * many went and, when there may be more, the time it deleted through (in-batches.ts): the next
     * batch starts there, as PostgreSQL keeps a deleted row's index entry until a vacuum, and each
     * batch would walk them all again from the oldest. Both statements read a range of
     * `ix_security_logs_tenant_time`. (A list of ids would not: beside twenty ids or more and the
     * tenant's condition, SQLite walks all of the tenant's rows in that index instead of the keys.)
     */
    async deleteOldest(before: string, limit: number, after?: string): Promise<Batch<string>> {
      let range = filtered({ until: before });
      if (after !== undefined) range = range.where('creationTime', '>', after);
      const last = await range
        .select('creationTime')
        .orderBy('creationTime')
        .limit(1)
        .offset(limit - 1)
        .executeTakeFirst();
      let deletion = db.query().deleteFrom('securityLogs');
      if (after !== undefined) deletion = deletion.where('creationTime', '>', after);
      const result = await deletion
        .where('creationTime', last ? '<=' : '<', last?.creationTime ?? before)
        .executeTakeFirst();
      return { count: Number(result.numDeletedRows), through: last?.creationTime };
    },
    async insert(row: Omit<Insertable<SecurityLogsTable>, 'normalizedUserName'>): Promise<void> {
      const normalizedUserName = row.userName == null ? null : normalizeUserName(row.userName);
      const values = Object.fromEntries(
        Object.entries({ ...row, normalizedUserName }).filter(([, value]) => value !== undefined),
      ) as Insertable<SecurityLogsTable>;
      await prepared.execute(
        `securityLogs.insert|${Object.keys(values).join(',')}`,
        values,
        (q, p) => q.insertInto('securityLogs').values(p),
      );
    },
  };
}

export type SecurityLogRepository = ReturnType<typeof createSecurityLogRepository>;
