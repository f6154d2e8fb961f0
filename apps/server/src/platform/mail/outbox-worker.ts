import {
  type BackgroundLogger,
  logRoundFailure,
  silentLogger,
} from '../async/background-logger.js';
import { withinTenant } from '../data/data-scope.js';
import { inBatches } from '../data/in-batches.js';
import type { OutboxRepository, OutboxRow } from './outbox.repository.js';
import type { MailMessage } from './smtp-sender.js';

export interface OutboxWorkerOptions {
  /** How often to look for due rows when nothing wakes the worker. */
  pollIntervalMs?: number;
  /** Rows claimed, and sent in parallel, at once. */
  batchSize?: number;
  /** Attempts before a mail is marked dead. */
  maxAttempts?: number;
  /** The first retry delay; later ones scale with it (30 s → 2 min, 10 min, 1 h, 3 h, 6 h, 12 h). */
  backoffBaseMs?: number;
  /** How long a claim lasts; longer than the SMTP timeouts, so only a dead worker's claim expires. */
  claimMs?: number;
  /** How long sent rows are kept (for questions about a mail). */
  retentionMs?: number;
  /** How long dead rows are kept after their last attempt (for someone to look into why). */
  deadRetentionMs?: number;
  /** Rows deleted by one statement of the purge. */
  purgeBatchSize?: number;
}

// Multiples of the base delay: with 30 s, the eight default attempts span about 22 hours.
const BACKOFF_STEPS = [1, 4, 20, 120, 360, 720, 1440];

/** The delay after the `attempt`-th failed attempt (1-based). */
export function backoffDelay(attempt: number, baseMs: number): number {
  const step = BACKOFF_STEPS[Math.min(attempt, BACKOFF_STEPS.length) - 1] ?? 1;
  return baseMs * step;
}

const at = (milliseconds: number) => new Date(milliseconds).toISOString();
const PURGE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Delivers the outbox: claims due rows (any number of instances may run this), sends each with
 * its tenant's settings, and settles it as sent, to retry later, or dead. Polls, and is woken at
 * once by `nudge()`. Delivery is at least once: a worker that dies after the server accepted a
 * mail but before settling it leaves a claim that expires, and the mail is sent again.
 */
export function createOutboxWorker(deps: {
  repository: OutboxRepository;
  sender: { sendNow(message: MailMessage): Promise<unknown> };
  options?: OutboxWorkerOptions;
}) {
  const { repository, sender } = deps;
  const pollIntervalMs = deps.options?.pollIntervalMs ?? 5_000;
  const batchSize = deps.options?.batchSize ?? 10;
  const maxAttempts = deps.options?.maxAttempts ?? 8;
  const backoffBaseMs = deps.options?.backoffBaseMs ?? 30_000;
  const claimMs = deps.options?.claimMs ?? 5 * 60_000;
  const retentionMs = deps.options?.retentionMs ?? 7 * DAY_MS;
  const deadRetentionMs = deps.options?.deadRetentionMs ?? 30 * DAY_MS;
  const purgeBatchSize = deps.options?.purgeBatchSize ?? 200;

  let logger = silentLogger;
  let running: Promise<void> | undefined;
  let stopping = false;
  let nudged = false;
  let wake: (() => void) | undefined;
  let lastPurge = 0;
  let purging: Promise<unknown> | undefined;

  function sleep(milliseconds: number): Promise<void> {
    if (nudged || stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => wake?.(), milliseconds);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const log = { mailId: row.id, tenantId: row.tenantId, attempt: row.attempts };
    try {
      await withinTenant(row.tenantId, () =>
        sender.sendNow({
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          from: row.fromAddress
            ? { address: row.fromAddress, displayName: row.fromDisplayName }
            : null,
        }),
      );
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 2048);
      if (row.attempts >= maxAttempts) {
        await repository.settle(row, { status: 'dead', lastError });
        logger.error({ ...log, error: lastError }, 'Mail is dead after its last attempt failed');
      } else {
        const nextAttemptAt = at(Date.now() + backoffDelay(row.attempts, backoffBaseMs));
        await repository.settle(row, { status: 'pending', nextAttemptAt, lastError });
        logger.warn({ ...log, error: lastError, nextAttemptAt }, 'Mail not sent; will retry');
      }
      return;
    }
    await repository.settle(row, { status: 'sent', sentAt: at(Date.now()) });
    logger.info(log, 'Mail sent');
  }

  /**
   * One round: bury hopeless expired claims, claim due rows, send them, and start the hourly purge
   * when it is due. Returns rows claimed.
   */
  async function runOnce(): Promise<number> {
    const now = Date.now();
    for (const row of await repository.buryAbandoned({ now: at(now), maxAttempts })) {
      logger.error(
        { mailId: row.id, tenantId: row.tenantId, attempt: row.attempts },
        'Mail is dead: its worker stopped while sending it, on the last attempt',
      );
    }
    const rows = await repository.claim({
      now: at(now),
      lockedUntil: at(now + claimMs),
      limit: batchSize,
      maxAttempts,
    });
    // Settled one by one: a database error on one row leaves only that claim to expire.
    const results = await Promise.allSettled(rows.map(deliver));
    for (const result of results) {
      if (result.status === 'rejected') {
        logger.error({ err: result.reason }, 'Mail outbox could not record a delivery');
      }
    }
    if (now - lastPurge > PURGE_EVERY_MS && !purging) {
      lastPurge = now;
      purging = purgeOnce(now)
        // Tried again at the next hour's purge.
        .catch((error) => logRoundFailure(logger, 'Mail outbox purge', error))
        .finally(() => {
          purging = undefined;
        });
    }
    return rows.length;
  }

  /**
   * Deletes sent rows past their retention, then dead ones past theirs, in batches beside the
   * deliveries (a purge of many rows never holds up a claim); the rows deleted. Dead rows hold
   * their mail, reset links included, so they are not kept for ever either.
   */
  async function purgeOnce(now = Date.now()): Promise<number> {
    let deleted = 0;
    for (const [status, keptMs] of [
      ['sent', retentionMs],
      ['dead', deadRetentionMs],
    ] as const) {
      const before = at(now - keptMs);
      deleted += await inBatches<string>(
        (after) => repository.deleteSettled({ status, before, limit: purgeBatchSize, after }),
        () => stopping,
      );
    }
    return deleted;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      nudged = false;
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        logRoundFailure(logger, 'Mail outbox poll', error);
      }
      // A full batch means more may be due: go again without waiting.
      if (claimed < batchSize) await sleep(pollIntervalMs);
    }
  }

  return {
    runOnce,
    purgeOnce,

    /** Starts polling (idempotent); the logger receives sent, retried and dead mails. */
    start(workerLogger: BackgroundLogger = silentLogger): void {
      if (running) return;
      logger = workerLogger;
      stopping = false;
      running = loop();
    },

    /** Looks for due rows now instead of at the next poll. */
    nudge(): void {
      nudged = true;
      wake?.();
    },

    /** Stops polling and waits for the sends in flight to be settled and the purge's batch. */
    async stop(): Promise<void> {
      stopping = true;
      wake?.();
      await running;
      await purging;
      running = undefined;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
