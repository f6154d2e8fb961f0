import type { PasswordHasher } from '../../platform/security/password-hashing/password-hasher.js';
import type { UserManager } from '../identity/identity.service.js';

/** Taken-over hashes looked at per tenant: a sample, so one rare kind may be missed. */
const SAMPLE = 1_000;
/** Such hashes arrive only with users taken over from elsewhere: looked for again this often. */
const FRESH_FOR_MS = 10 * 60_000;

/**
 * Before a tenant's first password check, which kinds of hash not made by argon2id it stores
 * (ASP.NET Identity's PBKDF2, for users taken over from an ABP database): the hasher times one
 * check of each (PasswordHasher.learn), so that failed checks last as long as the slowest of them
 * from the first attempt on (decision 015). Otherwise the first attempt at such a user would be
 * slower than one at an unknown name, telling that the user exists. (argon2id hashes made under
 * earlier, heavier settings are timed at their first check instead: decision 015.)
 *
 * Runs in the current tenant's scope (the data filter picks its users), through a partial index
 * that holds only such users; afterwards in the background every `FRESH_FOR_MS`. A census that
 * fails (the database away) holds no check up and is tried again at the next one.
 */
export function createPasswordHashCensus(deps: {
  users: Pick<UserManager, 'foreignPasswordHashes'>;
  hasher: Pick<PasswordHasher, 'learn'>;
  now?: () => number;
}) {
  const { users, hasher, now = Date.now } = deps;
  const taken = new Map<string, { at: number; first: Promise<void> }>();

  const census = async () => hasher.learn(await users.foreignPasswordHashes(SAMPLE));

  /** Resolves once the tenant's first census is done; at once afterwards. */
  return function ensureCensus(tenantId: string | null): Promise<void> {
    const key = tenantId ?? '';
    const entry = taken.get(key);
    if (!entry) {
      const first = census().catch(() => {
        taken.delete(key);
      });
      taken.set(key, { at: now(), first });
      return first;
    }
    if (now() - entry.at >= FRESH_FOR_MS) {
      entry.at = now();
      void census().catch(() => undefined);
    }
    return entry.first;
  };
}
