import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password-hasher.js';

describe('createPasswordHasher', () => {
  it('verifies its own hashes, several waiting on one core', async () => {
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
});
