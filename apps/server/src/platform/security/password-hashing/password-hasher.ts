import { availableParallelism } from 'node:os';
import type { Algorithm } from '@node-rs/argon2';
import { createTimingFloor, type FloorClock, realClock } from '../timing-floor.js';
import { decodeAspNetIdentityHash, verifyAspNetIdentityHash } from './aspnet-identity-hash.js';
import { createHashingThreads } from './hashing-threads.js';

// The package declares its algorithms as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasherOptions {
  /** KiB; OWASP's minimum for argon2id is 19 MiB with two passes. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const defaultPasswordHasherOptions: PasswordHasherOptions = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Runs at most `limit` of the given tasks at a time, the others waiting their turn in order.
 */
export function createConcurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` counts it still.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** An argon2 hash's algorithm and parameters: what its verification costs. */
const ARGON2_PARAMETERS = /^\$argon2(?:id|i|d)\$v=\d+\$[^$]*\$/;

/**
 * What checking a stored hash costs (the algorithm and its parameters), and for an ASP.NET Identity
 * hash (aspnet-identity-hash.ts) its decoded form; anything else goes to argon2.
 */
function schemeOf(passwordHash: string) {
  const legacy = decodeAspNetIdentityHash(passwordHash);
  if (legacy) return { kind: `pbkdf2:${legacy.digest}:${legacy.iterations}`, legacy };
  return { kind: ARGON2_PARAMETERS.exec(passwordHash)?.[0] ?? 'unreadable', legacy: undefined };
}

/**
 * Hashes that wait are handed to a free hashing thread this many at a time: it answers them
 * together, and the event loop finishes their sign-ins in one warm slice (decision 018). With
 * four the password grant reached 0.81–0.89 × bare argon2id on one core, against 0.74–0.79 × one
 * at a time (`grant-load` on code V8 was still compiling: docs/benchmarks.md, session 25); five
 * to ten did no better, and each adds a hash to the wait of a batch's first sign-in.
 */
const HASHES_PER_BATCH = 4;

/**
 * argon2id on hashing threads of the server's own (hashing-threads.ts), off the event loop.
 * `verifyAgainstNothing` spends the same time as a real check, and every failed check lasts at
 * least as long as the slowest kind of stored hash takes (a timing floor: decision 015), so that
 * an unknown user name cannot be told from a wrong password by timing, whatever scheme made its
 * hash.
 *
 * No more argon2 hashes run at once than the process has cores (`concurrency`, one a thread):
 * each takes a core and 19 MiB for ~10 ms, and more threads than cores only interleave them,
 * which made each verification ~8 % slower on one core (10.8 against 10.0 ms of CPU,
 * bench/run.ts's conditions) and took the event loop's share of the core when the grant's own
 * work wanted it. Waiting hashes queue in order; every path (known user, unknown user, locked
 * out) waits in the same queue. PBKDF2 checks of hashes taken over from ABP run on libuv's pool,
 * as many at once as there are cores.
 */
export function createPasswordHasher(
  options: PasswordHasherOptions = defaultPasswordHasherOptions,
  concurrency = availableParallelism(),
  clock: FloorClock = realClock,
) {
  const cores = Math.max(1, concurrency);
  const threads = createHashingThreads({
    threads: cores,
    batchSize: HASHES_PER_BATCH,
    settings: { ...options, algorithm: ARGON2ID },
  });
  const limited = createConcurrencyLimit(cores);
  const failureFloor = createTimingFloor(clock);
  let decoy: Promise<string> | undefined;
  const learning = new Map<string, Promise<unknown>>();
  // How every hash made with these settings begins (PHC format, argon2 version 1.3).
  const currentPrefix = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;

  /**
   * Checks `password` against `passwordHash` in turn, timing the check for the failure floor;
   * `startedAt` is on the floor's clock.
   */
  async function timedCheck(passwordHash: string, password: string) {
    const { kind, legacy } = schemeOf(passwordHash);
    if (!legacy) {
      const { value, startedAt, ms } = await threads.verify(passwordHash, password);
      failureFloor.note(kind, ms);
      return { matches: value, startedAt: failureFloor.now() - (performance.now() - startedAt) };
    }
    return limited(async () => {
      const startedAt = failureFloor.now();
      let matches = false;
      try {
        matches = await verifyAspNetIdentityHash(legacy, password);
      } catch {
        // A damaged hash matches nothing.
      }
      failureFloor.note(kind, failureFloor.now() - startedAt);
      return { matches, startedAt };
    });
  }

  async function verify(passwordHash: string, password: string): Promise<boolean> {
    const { matches, startedAt } = await timedCheck(passwordHash, password);
    if (!matches) await failureFloor.pad(startedAt);
    return matches;
  }

  return {
    /**
     * Whether a stored hash was made otherwise than new ones are (other parameters, or not
     * argon2id at all): it is made again when its user next signs in with the right password.
     */
    needsRehash: (passwordHash: string) => !passwordHash.startsWith(currentPrefix),
    hash: async (password: string) => (await threads.hash(password)).value,
    /**
     * argon2id, or ASP.NET Identity's PBKDF2 for a hash taken over from an ABP database
     * (aspnet-identity-hash.ts), which `needsRehash` then reports for its user's next sign-in.
     * A mismatch answers no sooner than the failure floor.
     */
    verify,
    async verifyAgainstNothing(password: string): Promise<false> {
      decoy ??= threads.hash(crypto.randomUUID()).then(({ value }) => value);
      await verify(await decoy, password);
      return false;
    },
    /**
     * Times one check of each kind of these stored hashes not timed yet (with a random password),
     * so that failed checks last as long as theirs before any of their users is tried
     * (password-hash-census.ts).
     */
    async learn(passwordHashes: readonly string[]): Promise<void> {
      const unknown = new Map<string, string>();
      for (const stored of passwordHashes) {
        const { kind } = schemeOf(stored);
        if (!failureFloor.has(kind) && !unknown.has(kind)) unknown.set(kind, stored);
      }
      await Promise.all(
        [...unknown].map(([kind, stored]) => {
          let timing = learning.get(kind);
          if (!timing) {
            timing = timedCheck(stored, crypto.randomUUID()).finally(() => learning.delete(kind));
            learning.set(kind, timing);
          }
          return timing;
        }),
      );
    },
    /** Stops the hashing threads (when the server closes). */
    close: () => threads.close(),
    /** Milliseconds that a failed check lasts at least, for tests and diagnostics. */
    failureFloorMs: () => failureFloor.floor(),
    /** The kinds of hash whose checks have been timed, for tests and diagnostics. */
    timedKinds: () => failureFloor.kinds(),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
