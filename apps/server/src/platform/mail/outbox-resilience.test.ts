import SqliteDatabase from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailOutboxKit, type MailOutboxKit } from '../../../test/mail-outbox-test-kit.js';
import {
  freePort,
  type SmtpTestServer,
  startSmtpTestServer,
  waitFor,
} from '../../../test/smtp-test-server.js';
import { testDialect } from '../../../test/test-database.js';
import { MailSetting } from './mail.settings.js';
import type { MailMessage } from './smtp-sender.js';

const mail = (to: string) => ({ to, subject: 'S', text: 'T', culture: 'en', tenantId: null });
const at = (milliseconds: number) => new Date(milliseconds).toISOString();

let kit: MailOutboxKit;
let server: SmtpTestServer | undefined;

beforeAll(async () => {
  kit = await createMailOutboxKit();
});
afterEach(async () => {
  await kit.reset();
  await server?.close();
  server = undefined;
});
afterAll(() => kit.close());

const statusOf = async (id: string) => (await kit.repository.find(id))?.status;

describe('outbox resilience', () => {
  it.runIf(testDialect() === 'sqlite')(
    'waits out a database another process holds locked, with a warning, then delivers',
    async () => {
      server = await startSmtpTestServer();
      await kit.setGlobal(MailSetting.Port, String(server.port));
      const { outbox, start, logs } = kit.worker();
      const { id } = await outbox.enqueue(mail('ana@example.com'));
      const target = kit.target;
      if (target.dialect !== 'sqlite') throw new Error('a SQLite test database was expected');
      const other = new SqliteDatabase(target.file);
      try {
        other.exec('begin immediate');
        start();
        await waitFor(() => logs.some((entry) => entry.level === 'warn'));
      } finally {
        other.exec('rollback');
        other.close();
      }
      await waitFor(async () => (await statusOf(id)) === 'sent');
      expect(server.received).toHaveLength(1);
      expect(logs.filter((entry) => entry.level === 'error')).toEqual([]);
      expect(logs.find((entry) => entry.level === 'warn')?.message).toBe(
        'Mail outbox poll deferred: the database is unavailable',
      );
    },
  );

  it('keeps a mail pending while SMTP is down, retries with backoff, and delivers once it is up', async () => {
    const port = await freePort();
    await kit.setGlobal(MailSetting.Port, String(port));
    const { outbox, start } = kit.worker({ backoffBaseMs: 40 });
    start();
    const { id } = await outbox.enqueue(mail('ana@example.com'));

    const failing = await waitFor(async () => {
      const row = await kit.repository.find(id);
      return row && row.attempts >= 2 && row;
    });
    expect(failing.status).not.toBe('dead');
    expect(failing.lastError).toMatch(/ECONNREFUSED/);

    server = await startSmtpTestServer({ port });
    expect((await waitFor(() => server?.received[0])).to).toEqual(['ana@example.com']);
    await waitFor(async () => (await statusOf(id)) === 'sent');
  });

  it('reclaims the row of a worker that died mid-send once its claim expires', async () => {
    server = await startSmtpTestServer();
    await kit.setGlobal(MailSetting.Port, String(server.port));
    const { outbox, start, worker } = kit.worker();
    const { id } = await outbox.enqueue(mail('ana@example.com'));
    // A worker claims the row and dies before settling it.
    const claimedAt = Date.now();
    const [claimed] = await kit.repository.claim({
      now: at(claimedAt),
      lockedUntil: at(claimedAt + 300),
      limit: 10,
      maxAttempts: 8,
    });
    if (!claimed) throw new Error('nothing claimed');
    expect(claimed.attempts).toBe(1);

    expect(await worker.runOnce()).toBe(0); // still claimed: nobody else may take it
    start();
    await waitFor(() => server?.received[0]);
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(300);
    const row = await waitFor(async () => {
      const found = await kit.repository.find(id);
      return found?.status === 'sent' && found;
    });
    expect(row.attempts).toBe(2);
    // The dead worker's late verdict changes nothing: its claim is no longer current.
    const late = await kit.repository.settle(claimed, { status: 'dead', lastError: 'late' });
    expect(late).toBe(false);
    expect(await statusOf(id)).toBe('sent');
  });

  it('marks dead an expired claim that had no attempts left', async () => {
    const { outbox, worker, start, logs } = kit.worker({ maxAttempts: 1 });
    const { id } = await outbox.enqueue(mail('ana@example.com'));
    const now = Date.now();
    await kit.repository.claim({ now: at(now), lockedUntil: at(now), limit: 1, maxAttempts: 1 });
    start();
    await worker.stop(); // one round ran
    expect(await statusOf(id)).toBe('dead');
    expect(logs.some((entry) => entry.level === 'error' && entry.details.mailId === id)).toBe(true);
  });

  it('sends nothing when the transaction that enqueued the mail rolls back', async () => {
    server = await startSmtpTestServer();
    await kit.setGlobal(MailSetting.Port, String(server.port));
    const { outbox, worker } = kit.worker();
    await expect(
      kit.data.transaction(async () => {
        await outbox.enqueue(mail('ana@example.com'));
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await kit.rows()).toEqual([]);
    expect(await worker.runOnce()).toBe(0);
    expect(server.received).toEqual([]);
  });

  it('is woken by a committed enqueue instead of waiting for its next poll', async () => {
    server = await startSmtpTestServer();
    await kit.setGlobal(MailSetting.Port, String(server.port));
    const { outbox, start } = kit.worker({ pollIntervalMs: 60_000 });
    start();
    await kit.data.transaction(() => outbox.enqueue(mail('first@example.com')));
    await waitFor(() => server?.received[0], { timeoutMs: 5_000 });
    await kit.data.transaction(() => outbox.enqueue(mail('second@example.com')));
    await waitFor(() => server?.received[1], { timeoutMs: 5_000 });
  });

  it('waits for the sends in flight when stopped', async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const sender = {
      sendNow: () => {
        started();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const { outbox, worker, start } = kit.worker({}, sender);
    const { id } = await outbox.enqueue(mail('ana@example.com'));
    start();
    await sending;
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await statusOf(id)).toBe('sent');
  });

  it('lets concurrent workers claim disjoint rows', async () => {
    const sent: string[] = [];
    const sender = {
      sendNow: async (message: MailMessage) => {
        sent.push(message.to);
      },
    };
    const first = kit.worker({ batchSize: 3 }, sender);
    const second = kit.worker({ batchSize: 3 }, sender);
    const addresses = Array.from({ length: 20 }, (_, index) => `user${index}@example.com`);
    for (const address of addresses) await first.outbox.enqueue(mail(address));
    const drain = async (worker: typeof first.worker) => {
      while ((await worker.runOnce()) > 0) {}
    };
    await Promise.all([drain(first.worker), drain(second.worker)]);
    expect(sent.sort()).toEqual([...addresses].sort());
    expect((await kit.rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(
      true,
    );
  });
});
