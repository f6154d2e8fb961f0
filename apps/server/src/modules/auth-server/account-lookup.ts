import { createHash } from 'node:crypto';
import { type MaybePromise, whenReady } from '../../platform/async/maybe-promise.js';
import type { Cache } from '../../platform/caching/cache.js';
import { acrossAllTenants, withinTenant } from '../../platform/data/data-scope.js';
import type { TenantStore } from '../../platform/multi-tenancy/tenant-store.js';
import { toUserData, type UserManager } from '../identity/identity.service.js';

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

/** Where the sign-in server keeps each account's tenant (kysely-adapter.ts, `AccountTenant`). */
interface AccountTenants {
  tenantOf(accountId: string): Promise<string | null | undefined>;
  rememberTenantOf(accountId: string, tenantId: string | null): Promise<void>;
}

/**
 * Finds the active, undeleted user behind a token's subject. Tokens, codes, grants and sessions
 * name only the account, and a tenant with its own database keeps its users there (decision
 * 003), so the tenant comes first: the access token's `tenantid` when the caller has it, else the
 * tenant remembered when the account signed in, and the user is read `withinTenant`, in whatever
 * database that tenant uses now. An account with no remembered tenant (signed in before the
 * record existed) is looked for across the tenants of the shared database (user ids are unique
 * across tenants). Cached briefly on every instance: deactivation, deletion and a changed
 * security stamp reach every token within the cache's lifetime, and at once where `forget` is
 * called (password reset, change, sign-out everywhere). The tenant's state is not part of what is
 * cached but asked of the tenant store each time (itself cached, and emptied on every instance
 * when a tenant changes): a tenant switched off or on again applies to its users' tokens at once,
 * where a user of a reactivated tenant was signed out by the 401s of a 30-second "no account".
 */
export function createAccountLookup(deps: {
  users: Pick<UserManager, 'findById' | 'roleNamesOf'>;
  tenants: AccountTenants;
  /** The tenants themselves: an account of a deleted or inactive tenant is no account. */
  tenantStore: TenantStore;
  cache: Cache<AccountSnapshot | null>;
}) {
  const { users, tenants, tenantStore, cache } = deps;

  async function findUser(userId: string, tenantHint: string | null | undefined) {
    const tenantId = tenantHint !== undefined ? tenantHint : await tenants.tenantOf(userId);
    if (tenantId === undefined) return acrossAllTenants(() => users.findById(userId));
    return withinTenant(tenantId, () => users.findById(userId));
  }

  async function load(
    userId: string,
    tenantHint: string | null | undefined,
  ): Promise<AccountSnapshot | null> {
    const user = await findUser(userId, tenantHint);
    if (!user?.isActive) return null;
    const roles = await withinTenant(user.tenantId, () => users.roleNamesOf(user.id));
    return {
      ...toUserData(user),
      roles,
      stampDigest: stampDigest(user.securityStamp),
    };
  }

  function anyTenantState(
    userId: string,
    tenantHint?: string | null,
  ): MaybePromise<AccountSnapshot | undefined> {
    // Every API request asks: a hit is answered at once, without a promise.
    const cached = cache.get(userId);
    if (cached !== undefined) return cached ?? undefined;
    return cache
      .getOrAdd(userId, () => load(userId, tenantHint))
      .then((found) => found ?? undefined);
  }

  /** Refresh and userinfo end with the tenant, as the password grant already refuses it. */
  function ofActiveTenant(account: AccountSnapshot): MaybePromise<AccountSnapshot | undefined> {
    if (account.tenantId === null) return account;
    return whenReady(tenantStore.findById(account.tenantId), (tenant) =>
      tenant?.isActive ? account : undefined,
    );
  }

  return {
    /**
     * `tenantHint`: the tenant the caller knows the account belongs to (an access token's
     * `tenantid`, `null` for the host); leave it out when unknown.
     */
    find(userId: string, tenantHint?: string | null): MaybePromise<AccountSnapshot | undefined> {
      return whenReady(anyTenantState(userId, tenantHint), (found) =>
        found ? ofActiveTenant(found) : undefined,
      );
    },
    /**
     * `find`, whatever the state of the account's tenant: for the API, whose tenant resolution
     * refuses an inactive or deleted tenant itself, as ABP does (403 or 404 with
     * Abp-Tenant-Resolve-Error, on which ABP's clients sign out).
     */
    findInAnyTenantState: anyTenantState,
    /**
     * After a correct password: keeps the account's tenant for every later lookup by subject
     * (code exchange, refresh, userinfo, sign-out). Skipped while the account is cached, which
     * already knows it.
     */
    async signedIn(user: { id: string; tenantId: string | null }): Promise<void> {
      if (cache.get(user.id)) return;
      await tenants.rememberTenantOf(user.id, user.tenantId);
    },
    forget: (userId: string) => cache.invalidate(userId),
  };
}

export type AccountLookup = ReturnType<typeof createAccountLookup>;
