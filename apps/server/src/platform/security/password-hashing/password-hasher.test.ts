import { describe, expect, it } from 'vitest';
import type { FloorClock } from '../timing-floor.js';
import { createConcurrencyLimit, createPasswordHasher } from './password-hasher.js';

/** "my password", hashed by ASP.NET Core Identity v3 (PBKDF2, HMAC-SHA512, 100 000 iterations). */
const ABP_HASH =
  'AQAAAAIAAYagAAAAEAABAgMEBQYHCAkKCwwNDg/Q8A0WMKbtHQJQ2DHCdoEeeFBrgNlldq6vH4qX/CGqGQ==';

/** A task that finishes when told to, recording when it started. */
function gate(started: string[], name: string) {
  let open = () => {};
  const done = new Promise<string>((resolve) => {
    open = () => resolve(name);
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    open: () => open(),
  };
}

describe('createConcurrencyLimit', () => {
  it('runs at most the limit at once, the rest in order as slots free up', async () => {
    const limited = createConcurrencyLimit(2);
    const started: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    const results = gates.map((g) => limited(g.task));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    gates[1]?.open();
    await results[1];
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
    gates[0]?.open();
    gates[2]?.open();
    gates[3]?.open();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the slot of a task that fails', async () => {
    const limited = createConcurrencyLimit(1);
    await expect(limited(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limited(async () => 'next')).toBe('next');
  });
});

describe('createPasswordHasher', () => {
  it('verifies its own hashes, one at a time when limited to one', async () => {
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }, 1);
    const encoded = await hasher.hash('Correct-1!');
    const outcomes = await Promise.all([
      hasher.verify(encoded, 'Correct-1!'),
      hasher.verify(encoded, 'Wrong-1!'),
      hasher.verify('not a hash', 'Correct-1!'),
      hasher.verifyAgainstNothing('Correct-1!'),
    ]);
    expect(outcomes).toEqual([true, false, false, false]);
  });

  it('tells a hash made with other settings, or not by argon2id, from its own', async () => {
    const small = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
    const hasher = createPasswordHasher(small, 1);
    const other = createPasswordHasher({ ...small, timeCost: 2 }, 1);
    const own = await hasher.hash('Correct-1!');
    expect(hasher.needsRehash(own)).toBe(false);
    expect(hasher.needsRehash(await other.hash('Correct-1!'))).toBe(true);
    expect(other.needsRehash(own)).toBe(true);
    // An ASP.NET Identity v3 hash, as a database taken over from ABP holds.
    expect(hasher.needsRehash('AQAAAAIAAYagAAAAEJ7mBHt1LJ7pO0UCiQ2JhTBqYWp0Q0k0')).toBe(true);
    expect(await hasher.verify(await other.hash('Correct-1!'), 'Correct-1!')).toBe(true);
  });

  it('makes failed checks last as long as the slowest kind of stored hash, and only failed ones', async () => {
    const waits: number[] = [];
    const clock: FloorClock = {
      now: () => performance.now(),
      wait: async (ms) => {
        waits.push(ms);
      },
    };
    // argon2id with 1 MiB takes a millisecond or two; 100 000 rounds of HMAC-SHA512, tens of them.
    const hasher = createPasswordHasher(
      { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      1,
      clock,
    );
    const own = await hasher.hash('Correct-1!');
    await hasher.learn([ABP_HASH, own]);
    const floor = hasher.failureFloorMs();
    expect(floor).toBeGreaterThan(0);

    waits.length = 0;
    expect(await hasher.verify(own, 'Correct-1!')).toBe(true);
    expect(waits).toEqual([]);
    expect(await hasher.verify(own, 'Wrong-1!')).toBe(false);
    expect(await hasher.verifyAgainstNothing('Wrong-1!')).toBe(false);
    expect(waits).toHaveLength(2);
    // Each argon2id failure (a millisecond or two) waits for most of the floor, which the PBKDF2
    // kind sets: padding to argon2id's own time would wait a millisecond.
    for (const wait of waits) expect(wait).toBeGreaterThan(floor / 2);
    expect(Math.max(...waits)).toBeLessThanOrEqual(floor);
    expect(hasher.timedKinds()).toEqual(
      expect.arrayContaining(['pbkdf2:sha512:100000', '$argon2id$v=19$m=1024,t=1,p=1$']),
    );
  });
});
