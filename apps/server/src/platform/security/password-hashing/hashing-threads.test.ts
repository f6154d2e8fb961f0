import { type Algorithm, hash as hashOnPool, verify as verifyOnPool } from '@node-rs/argon2';
import { afterEach, describe, expect, it } from 'vitest';
import { createHashingThreads } from './hashing-threads.js';

// argon2id with 1 MiB and one pass: a millisecond or two a hash.
const settings = { memoryCost: 1024, timeCost: 1, parallelism: 1, algorithm: 2 as Algorithm };

describe('createHashingThreads', () => {
  let close = async () => {};
  afterEach(() => close());

  const batches: number[] = [];
  function pool(threads: number, batchSize: number) {
    batches.length = 0;
    const created = createHashingThreads({
      threads,
      batchSize,
      settings,
      onBatch: (size) => batches.push(size),
    });
    close = created.close;
    return created;
  }

  it('hashes with its settings, and verifies what argon2 made elsewhere', async () => {
    const threads = pool(1, 4);
    const { value: made, ms } = await threads.hash('Correct-1!');
    expect(made.startsWith('$argon2id$v=19$m=1024,t=1,p=1$')).toBe(true);
    expect(ms).toBeGreaterThan(0);
    expect(await verifyOnPool(made, 'Correct-1!')).toBe(true);

    const elsewhere = await hashOnPool('Other-1!', settings);
    const outcomes = await Promise.all([
      threads.verify(elsewhere, 'Other-1!'),
      threads.verify(elsewhere, 'Wrong-1!'),
      threads.verify('not a hash', 'Other-1!'),
    ]);
    expect(outcomes.map(({ value }) => value)).toEqual([true, false, false]);
  });

  it('answers waiting jobs in order, in batches of at most the batch size', async () => {
    const threads = pool(1, 3);
    const made = (await threads.hash('Correct-1!')).value;
    const passwords = Array.from({ length: 7 }, (_, index) =>
      index % 2 ? 'Correct-1!' : `Wrong-${index}`,
    );
    const results = await Promise.all(passwords.map((password) => threads.verify(made, password)));
    expect(results.map(({ value }) => value)).toEqual(passwords.map((p) => p === 'Correct-1!'));

    // One thread, run one after the other: each job starts after the one before it ended (within
    // a microsecond, for the rounding of times carried across threads).
    for (let index = 1; index < results.length; index++) {
      const before = results[index - 1];
      const job = results[index];
      if (before && job)
        expect(job.startedAt).toBeGreaterThanOrEqual(before.startedAt + before.ms - 0.001);
    }
    // The hash, then the first verification, found the thread free and went alone; the six behind
    // it had waited and went in two batches of three.
    expect(batches).toEqual([1, 1, 3, 3]);
  });

  it('times each job on the clock of the calling thread', async () => {
    const threads = pool(1, 4);
    const before = performance.now();
    const { startedAt, ms } = await threads.hash('Correct-1!');
    const after = performance.now();
    expect(startedAt).toBeGreaterThanOrEqual(before - 1);
    expect(startedAt + ms).toBeLessThanOrEqual(after + 1);
  });

  it('shares waiting jobs among its threads', async () => {
    const threads = pool(2, 4);
    const made = (await threads.hash('Correct-1!')).value;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => threads.verify(made, 'Correct-1!')),
    );
    expect(results.every(({ value }) => value)).toBe(true);
    // The first verification took the free thread, the second started the other one, and the two
    // that waited went together to the first thread to come free.
    expect(batches).toEqual([1, 1, 1, 2]);
  });

  it('fails what was not answered when closed, and every job after', async () => {
    const threads = pool(1, 1);
    const settled = Promise.allSettled(Array.from({ length: 3 }, () => threads.hash('Correct-1!')));
    await threads.close();
    // The first was on its thread, which was stopped; the two others were still waiting.
    expect((await settled).map(({ status }) => status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
    ]);
    await expect(threads.hash('Correct-1!')).rejects.toThrow('closed');
  });
});
