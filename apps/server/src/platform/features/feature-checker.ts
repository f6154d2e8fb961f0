import type { Cache } from '../caching/cache.js';
import { currentDataScope } from '../data/data-scope.js';
import type { ProviderValueRepository } from '../data/provider-value.repository.js';
import type { FeatureDefinition, FeatureRegistry } from './feature-definitions.js';

export const FeatureProvider = { Tenant: 'T', Default: 'D' } as const;

/** The key a tenant's (or, with `null`, the host's) values are stored under. */
export const tenantProviderKey = (tenantId: string | null) => tenantId ?? '';

/**
 * Feature values through ABP's providers: the tenant's stored value, else the default. Cached per
 * tenant; every write invalidates after commit, so `features.values` of the configuration changes at once.
 */
export function createFeatureChecker(deps: {
  data: { afterCommit(work: () => Promise<void>): Promise<void> };
  /** Told after every committed change (the application configuration drops its cache). */
  onChanged?: () => Promise<void>;
  registry: FeatureRegistry;
  values: ProviderValueRepository;
  cache: Cache<ReadonlyMap<string, string>>;
}) {
  const { data, registry, values, cache } = deps;
  const stored = (providerName: string, providerKey: string) =>
    cache.getOrAdd(`${providerName}|${providerKey}`, () =>
      values.valuesOf(providerName, providerKey),
    );
  const currentTenant = () => currentDataScope()?.tenantId ?? null;
  const invalidate = (providerName: string, providerKey: string) =>
    data.afterCommit(async () => {
      await cache.invalidate(`${providerName}|${providerKey}`);
      await deps.onChanged?.();
    });

  async function resolvedValue(definition: FeatureDefinition, tenantId: string | null) {
    const tenantValues = await stored(FeatureProvider.Tenant, tenantProviderKey(tenantId));
    return tenantValues.get(definition.name) ?? definition.defaultValue;
  }

  return {
    async getOrNull(
      name: string,
      tenantId: string | null = currentTenant(),
    ): Promise<string | null> {
      const definition = registry.get(name);
      return definition ? resolvedValue(definition, tenantId) : null;
    },
    async isEnabled(name: string, tenantId: string | null = currentTenant()): Promise<boolean> {
      return (await this.getOrNull(name, tenantId))?.toLowerCase() === 'true';
    },
    async getAll(
      tenantId: string | null = currentTenant(),
      filter: (definition: FeatureDefinition) => boolean = () => true,
    ): Promise<Record<string, string>> {
      const result: Record<string, string> = {};
      for (const definition of registry.all()) {
        if (filter(definition)) result[definition.name] = await resolvedValue(definition, tenantId);
      }
      return result;
    },
    /** The value stored for this provider, without the default. */
    async getForProvider(name: string, providerName: string, providerKey: string) {
      return (await stored(providerName, providerKey)).get(name) ?? null;
    },
    async setForProvider(
      name: string,
      value: string | null,
      providerName: string,
      providerKey: string,
    ) {
      if (value === null) await values.deleteAll(providerName, providerKey, [name]);
      else await values.set(name, value, providerName, providerKey);
      await invalidate(providerName, providerKey);
    },
    async resetProvider(providerName: string, providerKey: string) {
      await values.deleteAll(providerName, providerKey);
      await invalidate(providerName, providerKey);
    },
  };
}

export type FeatureChecker = ReturnType<typeof createFeatureChecker>;
