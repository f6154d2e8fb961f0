import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { decodeAspNetIdentityHash, verifyAspNetIdentityHash } from './aspnet-identity-hash.js';

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

/**
 * argon2id through @node-rs/argon2, which hashes on libuv's thread pool, off the event loop.
 * `verifyAgainstNothing` spends the same time as a real check, so that an unknown user name
 * cannot be told from a wrong password by timing.
 *
 * No more hashes run at once than the process has cores (`concurrency`): each takes a core and
 * 19 MiB for ~10 ms, and libuv's four pool threads on fewer cores only interleave them, which
 * made each verification ~8 % slower on one core (10.8 against 10.0 ms of CPU, bench/run.ts's
 * conditions) and took the event loop's share of the core when the grant's own work wanted it.
 * Waiting hashes queue here, in order, leaving pool threads free for file and DNS work. Every
 * path (known user, unknown user, locked out) waits in the same queue.
 */
export function createPasswordHasher(
  options: PasswordHasherOptions = defaultPasswordHasherOptions,
  concurrency = availableParallelism(),
) {
  const settings = { ...options, algorithm: ARGON2ID };
  const limited = createConcurrencyLimit(Math.max(1, concurrency));
  let decoy: Promise<string> | undefined;
  // How every hash made with these settings begins (PHC format, argon2 version 1.3).
  const currentPrefix = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;
  return {
    /**
     * Whether a stored hash was made otherwise than new ones are (other parameters, or not
     * argon2id at all): it is made again when its user next signs in with the right password.
     */
    needsRehash: (passwordHash: string) => !passwordHash.startsWith(currentPrefix),
    hash: (password: string) => limited(() => hash(password, settings)),
    /**
     * argon2id, or ASP.NET Identity's PBKDF2 for a hash taken over from an ABP database
     * (aspnet-identity-hash.ts), which `needsRehash` then reports for its user's next sign-in.
     */
    async verify(passwordHash: string, password: string): Promise<boolean> {
      try {
        const legacy = decodeAspNetIdentityHash(passwordHash);
        return await limited(() =>
          legacy ? verifyAspNetIdentityHash(legacy, password) : verify(passwordHash, password),
        );
      } catch {
        return false;
      }
    },
    async verifyAgainstNothing(password: string): Promise<false> {
      decoy ??= hash(crypto.randomUUID(), settings);
      const encoded = await decoy;
      await limited(() => verify(encoded, password)).catch(() => false);
      return false;
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
