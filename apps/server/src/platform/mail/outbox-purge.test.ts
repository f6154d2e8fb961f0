import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailOutboxKit, type MailOutboxKit } from '../../../test/mail-outbox-test-kit.js';
import { waitFor } from '../../../test/smtp-test-server.js';
import { acrossAllTenants } from '../data/data-scope.js';
import type { MailStatus } from './mail-outbox.tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-12-06T12:00:00.000Z');
const TENANT = '00000000-0000-4000-8000-0000000000b2';
const daysAgo = (days: number, plusMs = 0) => new Date(NOW - days * DAY_MS + plusMs).toISOString();

let kit: MailOutboxKit;
beforeAll(async () => {
  kit = await createMailOutboxKit();
});
afterEach(() => kit.reset());
afterAll(() => kit.close());

/** A row as the worker leaves it: due at `due`, and sent at `sent` when given. */
async function row(id: string, status: MailStatus, due: string, sent?: string) {
  await acrossAllTenants(() =>
    kit.data
      .query()
      .insertInto('mailOutbox')
      .values({
        id,
        tenantId: id.endsWith('-tenant') ? TENANT : null,
        toAddress: `${id}@example.com`,
        culture: 'es-MX',
        subject: 'Restablecer contraseña',
        textBody: 'https://vineta.example/account/reset-password?resetToken=…',
        status,
        attempts: status === 'pending' ? 0 : 1,
        nextAttemptAt: due,
        createdAt: due,
        sentAt: sent ?? null,
      })
      .execute(),
  );
}

const remaining = async () => (await kit.rows()).map((each) => each.id).sort();

describe('outbox purge', () => {
  it('deletes sent rows after 7 days and dead ones after 30, of every tenant, in batches', async () => {
    // Old sent rows of the host and a tenant, two of them due at the same instant, more than
    // one batch of two holds.
    await row('sent-9-days', 'sent', daysAgo(9), daysAgo(9, 1_000));
    await row('sent-8-days-tenant', 'sent', daysAgo(8), daysAgo(8, 1_000));
    await row('sent-8-days-twin', 'sent', daysAgo(8), daysAgo(8, 2_000));
    await row('sent-7-days-ago-and-a-minute', 'sent', daysAgo(7, -60_000), daysAgo(7, -1_000));
    // Due eight days ago and retried until six days ago: sent within the retention.
    await row('sent-late', 'sent', daysAgo(8), daysAgo(6));
    await row('sent-6-days', 'sent', daysAgo(6), daysAgo(6, 1_000));
    await row('dead-31-days-tenant', 'dead', daysAgo(31));
    await row('dead-40-days', 'dead', daysAgo(40));
    await row('dead-29-days', 'dead', daysAgo(29));
    // Never purged, however old: a mail still to be delivered.
    await row('pending-60-days', 'pending', daysAgo(60));
    await row('sending-60-days', 'sending', daysAgo(60));

    const { worker } = kit.worker({ purgeBatchSize: 2 });
    expect(await worker.purgeOnce(NOW)).toBe(6);
    expect(await remaining()).toEqual([
      'dead-29-days',
      'pending-60-days',
      'sending-60-days',
      'sent-6-days',
      'sent-late',
    ]);
    expect(await worker.purgeOnce(NOW)).toBe(0);
  });

  it('keeps what is within the retention that the worker was given', async () => {
    await row('sent-2-days', 'sent', daysAgo(2), daysAgo(2));
    await row('dead-2-days', 'dead', daysAgo(2));
    const { worker } = kit.worker({ retentionMs: DAY_MS, deadRetentionMs: 3 * DAY_MS });
    expect(await worker.purgeOnce(NOW)).toBe(1);
    expect(await remaining()).toEqual(['dead-2-days']);
  });

  it('purges once started, beside the deliveries, and stops with the worker', async () => {
    const long = new Date(Date.now() - 40 * DAY_MS).toISOString();
    await row('sent-long-ago', 'sent', long, long);
    await row('dead-long-ago', 'dead', long);
    const { worker, start } = kit.worker();
    start();
    await waitFor(async () => (await remaining()).length === 0);
    await worker.stop();
  });
});
