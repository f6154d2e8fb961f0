import type { Cache } from '../../platform/caching/cache.js';
import { normalize } from '../../platform/data/audit.js';
import type { TenantInfo, TenantStore } from '../../platform/multi-tenancy/tenant-store.js';
import type { TenantRow, TenantsRepository } from './tenants.repository.js';

/**
 * The platform's tenant lookups, cached because every request that names a tenant asks. Changes to
 * a tenant call `forget` so that renames, deactivation and deletion apply on every instance.
 */
export function createCachedTenantStore(
  repository: TenantsRepository,
  cache: Cache<TenantInfo | null>,
) {
  const toInfo = (row: TenantRow | undefined): TenantInfo | null =>
    row ? { id: row.id, name: row.name, isActive: row.isActive } : null;
  const store: TenantStore & { forget(tenant: { id: string; name: string }): Promise<void> } = {
    // Every request of a signed-in tenant user asks: a hit is answered at once.
    findById(id) {
      const key = `id:${id}`;
      const cached = cache.get(key);
      if (cached !== undefined) return cached ?? undefined;
      return cache
        .getOrAdd(key, async () => toInfo(await repository.findById(id)))
        .then((tenant) => tenant ?? undefined);
    },
    async findByName(name) {
      const key = `name:${normalize(name)}`;
      return (
        (await cache.getOrAdd(key, async () =>
          toInfo(await repository.findByNormalizedName(normalize(name))),
        )) ?? undefined
      );
    },
    async forget(tenant) {
      await cache.invalidate(`id:${tenant.id}`);
      await cache.invalidate(`name:${normalize(tenant.name)}`);
    },
  };
  return store;
}
