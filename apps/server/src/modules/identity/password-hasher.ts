import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { decodeAspNetIdentityHash, verifyAspNetIdentityHash } from './aspnet-identity-hash.js';
import { createHashScheduler, DEFAULT_POOL_THREADS } from './hash-scheduler.js';

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
 * argon2id through @node-rs/argon2, which hashes on libuv's thread pool, off the event loop.
 * `verifyAgainstNothing` spends the same time as a real check, so that an unknown user name
 * cannot be told from a wrong password by timing.
 *
 * Hashes run as `createHashScheduler` (hash-scheduler.ts) orders them: at once while a core is
 * free, then in waves, never more than libuv's pool can hold beside file and DNS work. Each
 * takes a core and 19 MiB for ~10 ms; libuv's four pool threads, left to themselves on fewer
 * cores, interleaved them with no order (~8 % slower a verification on one core, decision 009).
 * Every path (known user, unknown user, locked out) waits in the same queue.
 */
export function createPasswordHasher(
  options: PasswordHasherOptions = defaultPasswordHasherOptions,
  cores = availableParallelism(),
  poolThreads = DEFAULT_POOL_THREADS,
) {
  const settings = { ...options, algorithm: ARGON2ID };
  const scheduled = createHashScheduler(cores, poolThreads);
  let decoy: Promise<string> | undefined;
  // How every hash made with these settings begins (PHC format, argon2 version 1.3).
  const currentPrefix = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;
  return {
    /**
     * Whether a stored hash was made otherwise than new ones are (other parameters, or not
     * argon2id at all): it is made again when its user next signs in with the right password.
     */
    needsRehash: (passwordHash: string) => !passwordHash.startsWith(currentPrefix),
    hash: (password: string) => scheduled(() => hash(password, settings)),
    /**
     * argon2id, or ASP.NET Identity's PBKDF2 for a hash taken over from an ABP database
     * (aspnet-identity-hash.ts), which `needsRehash` then reports for its user's next sign-in.
     */
    async verify(passwordHash: string, password: string): Promise<boolean> {
      try {
        const legacy = decodeAspNetIdentityHash(passwordHash);
        return await scheduled(() =>
          legacy ? verifyAspNetIdentityHash(legacy, password) : verify(passwordHash, password),
        );
      } catch {
        return false;
      }
    },
    async verifyAgainstNothing(password: string): Promise<false> {
      decoy ??= hash(crypto.randomUUID(), settings);
      const encoded = await decoy;
      await scheduled(() => verify(encoded, password)).catch(() => false);
      return false;
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
