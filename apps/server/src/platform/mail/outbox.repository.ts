import type { Insertable, Selectable } from 'kysely';
import { acrossAllTenants } from '../data/data-scope.js';
import type { Batch } from '../data/in-batches.js';
import { tablesOf } from '../data/transaction.js';
import type { MailOutboxTable } from './mail-outbox.tables.js';

export type OutboxRow = Selectable<MailOutboxTable>;
type NewOutboxRow = Insertable<MailOutboxTable>;

interface Tables {
  mailOutbox: MailOutboxTable;
}

/**
 * The outbox's queries. `insert` runs in the caller's scope and transaction (the tenant filter
 * sets `tenantId` unless the row names one); every worker query reads and settles rows of all
 * tenants, so each goes through the named escape hatch `acrossAllTenants`.
 */
export function createOutboxRepository(context: {
  readonly dialect: 'sqlite' | 'postgres';
  query(): unknown;
}) {
  const data = tablesOf<Tables>(context);
  const { dialect } = context;

  return {
    async insert(row: NewOutboxRow): Promise<void> {
      await data.query().insertInto('mailOutbox').values(row).execute();
    },

    /**
     * Atomically takes up to `limit` due rows: pending ones whose time has come, and sending ones
     * whose claim expired (their worker died) while attempts remain. One statement: on SQLite the
     * write lock makes it atomic even with two processes on the file; on PostgreSQL the inner
     * `for update skip locked` lets concurrent instances take disjoint rows without waiting.
     */
    claim(options: { now: string; lockedUntil: string; limit: number; maxAttempts: number }) {
      return acrossAllTenants(() =>
        data
          .query()
          .updateTable('mailOutbox')
          .set((eb) => ({
            status: 'sending',
            lockedUntil: options.lockedUntil,
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', 'in', (eb) => {
            const due = eb
              .selectFrom('mailOutbox')
              .select('id')
              .where((w) =>
                w.or([
                  w.and([w('status', '=', 'pending'), w('nextAttemptAt', '<=', options.now)]),
                  w.and([
                    w('status', '=', 'sending'),
                    w('lockedUntil', '<=', options.now),
                    w('attempts', '<', options.maxAttempts),
                  ]),
                ]),
              )
              .orderBy('nextAttemptAt')
              .limit(options.limit);
            return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
          })
          .returningAll()
          .execute(),
      );
    },

    /**
     * Settles a claimed row. `attempts` is the claim's fencing token: if the claim expired and
     * another worker took the row, this claimant's late result changes nothing.
     */
    async settle(
      claimed: Pick<OutboxRow, 'id' | 'attempts'>,
      outcome:
        | { status: 'sent'; sentAt: string }
        | { status: 'pending'; nextAttemptAt: string; lastError: string }
        | { status: 'dead'; lastError: string },
    ): Promise<boolean> {
      const result = await acrossAllTenants(() =>
        data
          .query()
          .updateTable('mailOutbox')
          .set({ ...outcome, lockedUntil: null })
          .where('id', '=', claimed.id)
          .where('status', '=', 'sending')
          .where('attempts', '=', claimed.attempts)
          .executeTakeFirst(),
      );
      return result.numUpdatedRows > 0n;
    },

    /** Rows whose claim expired with no attempts left (a send that keeps killing its worker). */
    buryAbandoned(options: { now: string; maxAttempts: number }) {
      return acrossAllTenants(() =>
        data
          .query()
          .updateTable('mailOutbox')
          .set({
            status: 'dead',
            lockedUntil: null,
            lastError: 'The worker stopped while sending, on the last attempt.',
          })
          .where('status', '=', 'sending')
          .where('lockedUntil', '<=', options.now)
          .where('attempts', '>=', options.maxAttempts)
          .returning(['id', 'tenantId', 'attempts'])
          .execute(),
      );
    },

    /**
     * Deletes a batch of `status` rows (sent or dead) settled before `before`, oldest first
     * through the claim's index, starting after `after`: up to the `limit`-th row's due time, or
     * every one left. A row's due time comes before it is settled (a retry moves it to the next
     * attempt), so a sent row is also checked against when it was sent; a dead row records no time
     * of death, and its last attempt's due time, minutes before, stands for it.
     */
    async deleteSettled(options: {
      status: 'sent' | 'dead';
      before: string;
      limit: number;
      after?: string | undefined;
    }): Promise<Batch<string>> {
      const { status, before, limit, after } = options;
      return acrossAllTenants(async () => {
        let due = data
          .query()
          .selectFrom('mailOutbox')
          .where('status', '=', status)
          .where('nextAttemptAt', '<', before);
        if (after !== undefined) due = due.where('nextAttemptAt', '>', after);
        const last = await due
          .select('nextAttemptAt')
          .orderBy('nextAttemptAt')
          .limit(1)
          .offset(limit - 1)
          .executeTakeFirst();
        let deletion = data.query().deleteFrom('mailOutbox').where('status', '=', status);
        if (after !== undefined) deletion = deletion.where('nextAttemptAt', '>', after);
        deletion = deletion.where(
          'nextAttemptAt',
          last ? '<=' : '<',
          last?.nextAttemptAt ?? before,
        );
        if (status === 'sent') deletion = deletion.where('sentAt', '<', before);
        const result = await deletion.executeTakeFirst();
        return { count: Number(result.numDeletedRows), through: last?.nextAttemptAt };
      });
    },

    find(id: string): Promise<OutboxRow | undefined> {
      return acrossAllTenants(() =>
        data.query().selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst(),
      );
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
