import {
  type BackgroundLogger,
  logRoundFailure,
  silentLogger,
} from '../async/background-logger.js';
import { withinTenant } from '../data/data-scope.js';
import { inBatches } from '../data/in-batches.js';
import type { SecurityLogRepository } from './security-log.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface SecurityLogRetentionOptions {
  /** Rows deleted by one statement. */
  batchSize?: number;
  /** Tenants read at once while the purge walks them. */
  tenantsPerPage?: number;
  /** Between two purges. */
  intervalMs?: number;
  /** From `start()` to the first purge: a starting instance has other work first. */
  firstRunAfterMs?: number;
}

/**
 * Keeps the security log to its last `retentionDays` days (0 keeps every row): every sign-in
 * attempt writes a row, so without a limit the table, and what a page of it costs to count,
 * grows for ever. Purges the host's rows, then each tenant's, deleted tenants included, through
 * the tenant's time index and wherever its data lives (decision 003), in bounded batches. Any
 * number of instances may run it: a row two of them delete at once is deleted once.
 */
export function createSecurityLogRetention(deps: {
  repository: Pick<SecurityLogRepository, 'deleteOldest'>;
  retentionDays: number;
  /** Every tenant's id, deleted ones too, in id order after `afterId`, `limit` at most. */
  tenantIdsAfter(afterId: string | undefined, limit: number): Promise<readonly string[]>;
  options?: SecurityLogRetentionOptions;
}) {
  const { repository, retentionDays } = deps;
  const batchSize = deps.options?.batchSize ?? 200;
  const tenantsPerPage = deps.options?.tenantsPerPage ?? 500;
  const intervalMs = deps.options?.intervalMs ?? 60 * 60 * 1000;
  const firstRunAfterMs = deps.options?.firstRunAfterMs ?? 60 * 1000;
  let logger = silentLogger;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopping = false;

  /** Deletes the scope's rows written before `before`, a batch at a time (2–3 ms each). */
  const purgeScope = (before: string) =>
    inBatches<string>(
      (after) => repository.deleteOldest(before, batchSize, after),
      () => stopping,
    );

  /**
   * One purge at `now`; the rows deleted. A tenant whose rows cannot be reached (its database is
   * down) waits for the next purge, and the others go on; they are logged once, together.
   */
  async function runOnce(now = Date.now()): Promise<number> {
    if (retentionDays === 0) return 0;
    const before = new Date(now - retentionDays * DAY_MS).toISOString();
    let deleted = await withinTenant(null, () => purgeScope(before));
    const skipped: string[] = [];
    let skippedFor: unknown;
    let after: string | undefined;
    while (!stopping) {
      const tenantIds = await deps.tenantIdsAfter(after, tenantsPerPage);
      for (const tenantId of tenantIds) {
        try {
          deleted += await withinTenant(tenantId, () => purgeScope(before));
        } catch (error) {
          skipped.push(tenantId);
          skippedFor = error;
        }
      }
      if (tenantIds.length < tenantsPerPage) break;
      after = tenantIds.at(-1);
    }
    if (skipped.length > 0) {
      logger.warn(
        { err: skippedFor, skipped: skipped.length, tenantIds: skipped.slice(0, 20) },
        'Security log purge skipped tenants whose rows it could not reach',
      );
    }
    if (deleted > 0) logger.info({ deleted, before }, 'Security log rows past retention deleted');
    return deleted;
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      running = runOnce()
        // The next purge deletes what this one left.
        .catch((error: unknown) => logRoundFailure(logger, 'Security log purge', error))
        .finally(() => {
          running = undefined;
          if (!stopping) schedule(intervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    runOnce,

    /** Purges after `firstRunAfterMs`, then every `intervalMs` (idempotent). */
    start(log: BackgroundLogger = silentLogger): void {
      logger = log;
      if (retentionDays === 0 || timer || stopping) return;
      schedule(firstRunAfterMs);
    },

    /** Stops the timer and waits for a purge under way, ending it after its current batch. */
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type SecurityLogRetention = ReturnType<typeof createSecurityLogRetention>;
