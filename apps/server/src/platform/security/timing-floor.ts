import { setTimeout as sleep } from 'node:timers/promises';

/** Where a timing floor reads the time and waits; a test gives its own. */
export interface FloorClock {
  now(): number;
  wait(ms: number): Promise<void>;
}

export const realClock: FloorClock = {
  now: () => performance.now(),
  wait: (ms) => sleep(ms),
};

/**
 * Weights of the newest run in a kind's moving average and in its moving deviation:
 * those of TCP's round-trip estimator (RFC 6298), which has the same task, a bound that a
 * varying duration seldom passes.
 */
const AVERAGE_WEIGHT = 1 / 8;
const DEVIATION_WEIGHT = 1 / 4;
/** How many deviations above its average a kind's bound lies (RFC 6298's K). */
const DEVIATIONS = 4;

/**
 * How long an answer must take at least, so that its timing does not tell which of several paths
 * ran behind it: a wrong password for a user whose hash is slow against an unknown name
 * (password-hasher.ts, decision 015), a known e-mail address against an unknown one
 * (password-reset.service.ts).
 *
 * Each kind of work has a moving average and deviation of its time; the floor is the highest
 * kind's average plus four deviations, which its own runs seldom exceed, so that the slowest
 * kind's answers end at the floor as padded ones do, instead of after it half of the time. An
 * answer waits out what its own work fell short of the floor on a timer: no CPU is spent on it,
 * and nothing else is held up.
 */
export function createTimingFloor(clock: FloorClock = realClock) {
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
    /** Work of `kind` took `ms`. */
    note(kind: string, ms: number): void {
      const estimate = estimates.get(kind);
      if (!estimate) {
        // RFC 6298 starts at half the first measurement; an eighth (a bound of 1.5 times it) is
        // enough for work whose time varies with the machine's load only, and a kind timed once
        // (a hash by the sign-in's census) may never be timed again.
        estimates.set(kind, { average: ms, deviation: ms / 8 });
        return;
      }
      estimate.deviation +=
        DEVIATION_WEIGHT * (Math.abs(ms - estimate.average) - estimate.deviation);
      estimate.average += AVERAGE_WEIGHT * (ms - estimate.average);
    },
    /** Milliseconds that every padded answer lasts at least (0 before any work was timed). */
    floor,
    /** Waits until an answer whose work began at `startedAt` (`now()`) has lasted the floor. */
    async pad(startedAt: number): Promise<void> {
      const remaining = startedAt + floor() - clock.now();
      if (remaining > 0) await clock.wait(remaining);
    },
  };
}
