import { describe, expect, it } from 'vitest';
import { inBatches } from './in-batches.js';

describe('inBatches', () => {
  it('starts each batch where the last one stopped, until one says nothing is left', async () => {
    const rows = [1, 2, 3, 4, 5, 6, 7];
    const starts: (number | undefined)[] = [];
    const count = await inBatches<number>(async (after) => {
      starts.push(after);
      const batch = rows.filter((row) => row > (after ?? 0)).slice(0, 3);
      return { count: batch.length, through: batch.length === 3 ? batch.at(-1) : undefined };
    });
    expect(count).toBe(7);
    expect(starts).toEqual([undefined, 3, 6]);
  });

  it('rests twice as long as a batch took before the next', async () => {
    const times: number[] = [];
    await inBatches<number>(async (after) => {
      times.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { count: 1, through: after === undefined ? 1 : undefined };
    });
    // 20 ms of work, then at least 40 ms of rest (timers may fire a millisecond early).
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(58);
  });

  it('ends after the batch under way once told to stop', async () => {
    let stop = false;
    let batches = 0;
    const count = await inBatches<number>(
      async () => {
        batches++;
        stop = true;
        return { count: 2, through: batches };
      },
      () => stop,
    );
    expect({ count, batches }).toEqual({ count: 2, batches: 1 });
  });
});
