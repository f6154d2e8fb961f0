import { setTimeout as sleep } from 'node:timers/promises';

/** Where a failure floor reads the time and waits; a test gives its own. */
export interface FloorClock {
  now(): number;
  wait(ms: number): Promise<void>;
}

export const realClock: FloorClock = {
  now: () => performance.now(),
  wait: (ms) => sleep(ms),
};

/** Weight of the newest verification in a kind's moving average. */
const SMOOTHING = 0.2;

/**
 * How long a failed password check must take at least, so that its timing does not tell an
 * existing user from an unknown one when the stored hashes cost more than the decoy does:
 * ASP.NET Identity's PBKDF2 taken over from an ABP database (100 000 rounds of HMAC-SHA512 since
 * .NET 7, 170 ms on the 2026-11-28 machine against argon2id's 23 ms; a hash stays so until its
 * user signs in), or argon2id made with earlier, heavier settings.
 *
 * Each kind of hash has a moving average of its verifications' time; the floor is the slowest
 * kind's. A failure waits out what its own verification fell short of the floor on a timer, off
 * the hasher's queue: no CPU is spent on it, and other checks are not held up.
 */
export function createFailureFloor(clock: FloorClock = realClock) {
  const averages = new Map<string, number>();

  const floor = () => {
    let slowest = 0;
    for (const average of averages.values()) slowest = Math.max(slowest, average);
    return slowest;
  };

  return {
    now: () => clock.now(),
    has: (kind: string) => averages.has(kind),
    kinds: () => [...averages.keys()],
    /** A verification of `kind` took `ms`. */
    note(kind: string, ms: number): void {
      const previous = averages.get(kind);
      averages.set(kind, previous === undefined ? ms : previous + SMOOTHING * (ms - previous));
    },
    /** Milliseconds that every failed check lasts at least (0 before any verification). */
    floor,
    /** Waits until a failed check that began at `startedAt` (`now()`) has lasted the floor. */
    async pad(startedAt: number): Promise<void> {
      const remaining = startedAt + floor() - clock.now();
      if (remaining > 0) await clock.wait(remaining);
    },
  };
}

export type FailureFloor = ReturnType<typeof createFailureFloor>;
