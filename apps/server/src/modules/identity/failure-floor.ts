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

/**
 * Weights of the newest verification in a kind's moving average and in its moving deviation:
 * those of TCP's round-trip estimator (RFC 6298), which has the same task, a bound that a
 * varying duration seldom passes.
 */
const AVERAGE_WEIGHT = 1 / 8;
const DEVIATION_WEIGHT = 1 / 4;
/** How many deviations above its average a kind's bound lies (RFC 6298's K). */
const DEVIATIONS = 4;

/**
 * How long a failed password check must take at least, so that its timing does not tell an
 * existing user from an unknown one when the stored hashes cost more than the decoy does:
 * ASP.NET Identity's PBKDF2 taken over from an ABP database (100 000 rounds of HMAC-SHA512 since
 * .NET 7, 170 ms on the 2026-11-28 machine against argon2id's 23 ms; a hash stays so until its
 * user signs in), or argon2id made with earlier, heavier settings.
 *
 * Each kind of hash has a moving average and deviation of its verifications' time; the floor is
 * the highest kind's average plus four deviations, which its own checks seldom exceed, so that a
 * failure of the slowest kind ends at the floor as a padded one does, instead of after it half of
 * the time. A failure waits out what its own verification fell short of the floor on a timer,
 * off the hasher's queue: no CPU is spent on it, and other checks are not held up.
 */
export function createFailureFloor(clock: FloorClock = realClock) {
  const estimates = new Map<string, { average: number; deviation: number }>();

  const floor = () => {
    let highest = 0;
    for (const { average, deviation } of estimates.values())
      highest = Math.max(highest, average + DEVIATIONS * deviation);
    return highest;
  };

  return {
    now: () => clock.now(),
    has: (kind: string) => estimates.has(kind),
    kinds: () => [...estimates.keys()],
    /** A verification of `kind` took `ms`. */
    note(kind: string, ms: number): void {
      const estimate = estimates.get(kind);
      if (!estimate) {
        // RFC 6298 starts at half the first measurement; an eighth (a bound of 1.5 times it) is
        // enough for a hash, whose time varies with the machine's load only, and a kind timed
        // once by the census may never be timed again.
        estimates.set(kind, { average: ms, deviation: ms / 8 });
        return;
      }
      estimate.deviation +=
        DEVIATION_WEIGHT * (Math.abs(ms - estimate.average) - estimate.deviation);
      estimate.average += AVERAGE_WEIGHT * (ms - estimate.average);
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
