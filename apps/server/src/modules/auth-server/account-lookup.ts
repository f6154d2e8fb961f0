import { createHash } from 'node:crypto';
import type { Cache } from '../../platform/caching/cache.js';
import { acrossAllTenants, withinTenant } from '../../platform/data/data-scope.js';
import { toUserData } from '../identity/users/identity-user-dto.js';
import type { UsersRepository } from '../identity/users/users.repository.js';

/** What the sign-in server and the API need to know of a user behind a token. */
export interface AccountSnapshot {
  id: string;
  tenantId: string | null;
  userName: string;
  name: string | null;
  surname: string | null;
  email: string;
  emailConfirmed: boolean;
  phoneNumber: string | null;
  phoneNumberConfirmed: boolean;
  roles: string[];
  /** A digest of the security stamp: tokens issued under another stamp are dead. */
  stampDigest: string;
}

/** Short and one-way: it travels in tokens' metadata (introspection shows it), never the stamp. */
export const stampDigest = (securityStamp: string) =>
  createHash('sha256').update(securityStamp).digest('base64url').slice(0, 16);

/**
 * Finds the active, undeleted user behind a token's subject, in whatever tenant it lives (user
 * ids are unique across tenants, so the lookup is one of the few legitimate uses of
 * `acrossAllTenants`). Cached briefly on every instance: deactivation, deletion and a changed
 * security stamp reach every token within the cache's lifetime, and at once where `forget` is
 * called (password reset, change, sign-out everywhere).
 */
export function createAccountLookup(deps: {
  users: UsersRepository;
  cache: Cache<AccountSnapshot | null>;
}) {
  const { users, cache } = deps;

  async function load(userId: string): Promise<AccountSnapshot | null> {
    const user = await acrossAllTenants(() => users.findById(userId));
    if (!user?.isActive) return null;
    const roles = await withinTenant(user.tenantId, () => users.roleNamesOf(user.id));
    return {
      ...toUserData(user),
      roles,
      stampDigest: stampDigest(user.securityStamp),
    };
  }

  return {
    async find(userId: string): Promise<AccountSnapshot | undefined> {
      // Every API request asks: a hit is answered without `getOrAdd`'s promises.
      const cached = cache.get(userId);
      if (cached !== undefined) return cached ?? undefined;
      return (await cache.getOrAdd(userId, () => load(userId))) ?? undefined;
    },
    forget: (userId: string) => cache.invalidate(userId),
  };
}

export type AccountLookup = ReturnType<typeof createAccountLookup>;
