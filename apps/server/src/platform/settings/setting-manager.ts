import { type MaybePromise, whenReady } from '../async/maybe-promise.js';
import type { Cache } from '../caching/cache.js';
import { currentDataScope } from '../data/data-scope.js';
import type { ProviderValueRepository } from '../data/provider-value.repository.js';
import type { StringEncryption } from '../security/string-encryption.js';
import type { SettingDefinition, SettingRegistry } from './setting-definitions.js';

/** ABP's value providers, highest precedence first. */
export const SettingProvider = {
  User: 'U',
  Tenant: 'T',
  Global: 'G',
  Configuration: 'C',
  Default: 'D',
} as const;

export interface SettingContext {
  tenantId: string | null;
  userId: string | null;
}

/**
 * Resolves settings through user → tenant → global → configuration → default, reading each
 * provider's stored values once per cache lifetime. Encrypted values are decrypted here and only
 * here; writes encrypt them and invalidate the cache after the transaction commits.
 */
export function createSettingManager(deps: {
  data: { afterCommit(work: () => Promise<void>, key?: string): Promise<void> };
  /** Told after every committed change (the application configuration drops its cache). */
  onChanged?: () => Promise<void>;
  registry: SettingRegistry;
  values: ProviderValueRepository;
  cache: Cache<ReadonlyMap<string, string>>;
  /** The deployment's own values (`Settings__<name>` variables), ABP's `C` provider. */
  configuration: Readonly<Record<string, string>>;
  encryption: StringEncryption;
}) {
  const { data, registry, values, cache, configuration, encryption } = deps;

  const stored = (providerName: string, providerKey: string) =>
    cache.getOrAdd(`${providerName}|${providerKey}`, () =>
      values.valuesOf(providerName, providerKey),
    );

  const currentContext = (): SettingContext => {
    const scope = currentDataScope();
    return { tenantId: scope?.tenantId ?? null, userId: scope?.userId ?? null };
  };

  const allows = (definition: SettingDefinition, provider: string) =>
    definition.providers.length === 0 || definition.providers.includes(provider);

  const reveal = (definition: SettingDefinition, value: string | undefined) =>
    value !== undefined && definition.isEncrypted && encryption.isEncrypted(value)
      ? encryption.decrypt(value)
      : value;

  async function providerMaps({ tenantId, userId }: SettingContext) {
    const [user, tenant, global] = await Promise.all([
      userId ? stored(SettingProvider.User, userId) : undefined,
      tenantId ? stored(SettingProvider.Tenant, tenantId) : undefined,
      stored(SettingProvider.Global, ''),
    ]);
    return { user, tenant, global };
  }

  /** The same maps when the cache holds all of them, without a promise. */
  function cachedMaps({ tenantId, userId }: SettingContext) {
    const global = cache.get(`${SettingProvider.Global}|`);
    const user = userId ? cache.get(`${SettingProvider.User}|${userId}`) : undefined;
    const tenant = tenantId ? cache.get(`${SettingProvider.Tenant}|${tenantId}`) : undefined;
    if (!global || (userId && !user) || (tenantId && !tenant)) return undefined;
    return { user, tenant, global };
  }

  function resolve(
    definition: SettingDefinition,
    maps: Awaited<ReturnType<typeof providerMaps>>,
    /** Only the providers below this one, for its fallback value. */
    below?: string,
  ) {
    const candidates: [string, string | undefined][] = [
      [SettingProvider.User, maps.user?.get(definition.name)],
      [SettingProvider.Tenant, maps.tenant?.get(definition.name)],
      [SettingProvider.Global, maps.global.get(definition.name)],
      [SettingProvider.Configuration, configuration[definition.name]],
    ];
    const from = below ? candidates.findIndex(([provider]) => provider === below) + 1 : 0;
    for (const [provider, value] of candidates.slice(from)) {
      if (value !== undefined && allows(definition, provider))
        return reveal(definition, value) ?? null;
    }
    return definition.defaultValue;
  }

  async function fallback(
    definition: SettingDefinition,
    providerName: string,
    providerKey: string,
  ) {
    const tenantId =
      providerName === SettingProvider.Tenant
        ? providerKey
        : providerName === SettingProvider.User
          ? currentContext().tenantId
          : null;
    return resolve(definition, await providerMaps({ tenantId, userId: null }), providerName);
  }

  function definitionOf(name: string): SettingDefinition {
    const definition = registry.get(name);
    if (!definition) throw new Error(`Undefined setting: ${name}`);
    return definition;
  }

  async function invalidate(providerName: string, providerKey: string) {
    const key = `${providerName}|${providerKey}`;
    // One notice for a transaction's many values of one provider (a whole settings page).
    await data.afterCommit(async () => {
      await cache.invalidate(key);
      await deps.onChanged?.();
    }, `settings|${key}`);
  }

  return {
    /**
     * A setting's value; at once when the providers' values are cached (the default language is
     * read on every request that names no culture: request-context.plugin.ts).
     */
    getOrNull(
      name: string,
      context: SettingContext = currentContext(),
    ): MaybePromise<string | null> {
      const definition = registry.get(name);
      if (!definition) return Promise.reject(new Error(`Undefined setting: ${name}`));
      return whenReady(cachedMaps(context) ?? providerMaps(context), (maps) =>
        resolve(definition, maps),
      );
    },

    /** Every defined setting's value (or only those visible to clients), resolved at once. */
    async getAll(
      context: SettingContext = currentContext(),
      filter: (definition: SettingDefinition) => boolean = () => true,
    ): Promise<Record<string, string | null>> {
      const maps = await providerMaps(context);
      const result: Record<string, string | null> = {};
      for (const definition of registry.all()) {
        if (filter(definition)) result[definition.name] = resolve(definition, maps);
      }
      return result;
    },

    /** The value stored for exactly this provider and key, without falling back. */
    async getForProvider(
      name: string,
      providerName: string,
      providerKey: string,
    ): Promise<string | null> {
      const definition = definitionOf(name);
      return reveal(definition, (await stored(providerName, providerKey)).get(name)) ?? null;
    },

    /**
     * What a provider's key inherits when it stores no value: the providers below it (a user's
     * falls back to the current tenant's).
     */
    async getFallback(
      name: string,
      providerName: string,
      providerKey: string,
    ): Promise<string | null> {
      const definition = definitionOf(name);
      return fallback(definition, providerName, providerKey);
    },

    /**
     * Stores a value (encrypting it when the definition says so); `null` removes it. As ABP's
     * `SettingManager.SetAsync`, a value equal to the fallback is removed rather than stored, so
     * the key keeps following what it inherits; `forceToSet` stores it anyway.
     */
    async setForProvider(
      name: string,
      value: string | null,
      providerName: string,
      providerKey: string,
      { forceToSet = false }: { forceToSet?: boolean } = {},
    ) {
      const definition = definitionOf(name);
      if (
        value !== null &&
        !forceToSet &&
        value === (await fallback(definition, providerName, providerKey))
      ) {
        value = null;
      }
      if (value === null) await values.deleteAll(providerName, providerKey, [name]);
      else {
        const toStore = definition.isEncrypted ? encryption.encrypt(value) : value;
        await values.set(name, toStore, providerName, providerKey);
      }
      await invalidate(providerName, providerKey);
    },
  };
}

export type SettingManager = ReturnType<typeof createSettingManager>;
