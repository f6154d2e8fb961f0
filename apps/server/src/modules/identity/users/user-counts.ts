import type { CacheHub } from '../../../platform/caching/cache.js';

/**
 * The users list's totals, cached per tenant and filter: counting 100 000 index entries costs
 * milliseconds on either engine, and a list is read far more often than users change. Each tenant
 * has a generation; a write to a tenant's users draws a new one (on every instance, through the
 * cache hub), which retires all of that tenant's totals at once and leaves other tenants' alone.
 */
export function createUserCounts(cacheHub: CacheHub) {
  const totals = cacheHub.create<number>('identity-user-counts', {
    maxEntries: 10_000,
    ttlMs: 300_000,
  });
  const generations = cacheHub.create<string>('identity-user-count-generations', {
    maxEntries: 10_000,
    ttlMs: 300_000,
  });
  const tenantKey = (tenantId: string | null) => tenantId ?? 'host';

  return {
    /** The cached total, without a promise when it is known (every list request asks). */
    get(
      tenantId: string | null,
      filterKey: string,
      count: () => Promise<number>,
    ): number | Promise<number> {
      const tenant = tenantKey(tenantId);
      const generation = generations.get(tenant);
      const known =
        generation === undefined ? undefined : totals.get(`${tenant}|${generation}|${filterKey}`);
      if (known !== undefined) return known;
      return (async () => {
        const current = await generations.getOrAdd(tenant, async () => crypto.randomUUID());
        return totals.getOrAdd(`${tenant}|${current}|${filterKey}`, count);
      })();
    },
    /** After a committed write to the tenant's users (the users repository calls it). */
    invalidate: (tenantId: string | null) => generations.invalidate(tenantKey(tenantId)),
  };
}

export type UserCounts = ReturnType<typeof createUserCounts>;
