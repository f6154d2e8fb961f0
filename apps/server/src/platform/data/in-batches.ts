import { setTimeout as sleep } from 'node:timers/promises';

/** What one batch did: rows it handled, and where the next starts (none: nothing left). */
export interface Batch<Position> {
  count: number;
  through?: Position;
}

/**
 * Runs `batch` until it reports nothing left (or `stopping()` says so), each call starting where
 * the last one got to, and rests twice as long as each call took. Background purges use it: SQLite
 * deletes on the event loop, so a purge of many rows then takes at most a third of it, in pauses
 * of a few milliseconds instead of one long one. The rows handled in all.
 */
export async function inBatches<Position>(
  batch: (after: Position | undefined) => Promise<Batch<Position>>,
  stopping: () => boolean = () => false,
): Promise<number> {
  let count = 0;
  let after: Position | undefined;
  for (;;) {
    const started = performance.now();
    const done = await batch(after);
    count += done.count;
    if (done.through === undefined || stopping()) return count;
    after = done.through;
    await sleep(2 * (performance.now() - started));
  }
}
