import { type Algorithm, hash, verify } from '@node-rs/argon2';

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
 */
export function createPasswordHasher(
  options: PasswordHasherOptions = defaultPasswordHasherOptions,
) {
  const settings = { ...options, algorithm: ARGON2ID };
  let decoy: Promise<string> | undefined;
  return {
    hash: (password: string) => hash(password, settings),
    async verify(passwordHash: string, password: string): Promise<boolean> {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    async verifyAgainstNothing(password: string): Promise<false> {
      decoy ??= hash(crypto.randomUUID(), settings);
      await verify(await decoy, password).catch(() => false);
      return false;
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
