import type { Cache } from '../caching/cache.js';
import { currentDataScope, withinTenant } from '../data/data-scope.js';
import type { PermissionDefinition, PermissionRegistry } from './permission-definitions.js';
import type { PermissionGrantRepository } from './permission-grant.repository.js';
import { evaluatePolicy, policyNames } from './policy-expression.js';

/**
 * Who is asking: a user's id and role names (ABP's `U` and `R` providers), and the OAuth client
 * the token was issued to (`C`), when there is one.
 */
export interface PermissionSubject {
  userId: string;
  roles: readonly string[];
  clientId?: string | null | undefined;
}

export const ROLE_PROVIDER = 'R';
export const USER_PROVIDER = 'U';
/**
 * ABP's `ClientPermissionValueProvider`: grants to the token's `client_id`. Clients belong to the
 * host, so their grants are stored and read on the host side whichever tenant the user is in.
 */
export const CLIENT_PROVIDER = 'C';

/**
 * Unites a user's own grants with its roles' grants, in the current tenant, keeping only
 * permissions that are defined and available on the current side. Grants are cached per provider
 * and key; every change goes through `setGranted`, which invalidates the entry on all instances.
 */
export function createPermissionChecker(deps: {
  data: { afterCommit(work: () => Promise<void>): Promise<void> };
  /** Told after every committed change (the application configuration drops its cache). */
  onChanged?: () => Promise<void>;
  registry: PermissionRegistry;
  /** Whether a feature is on for the current tenant (for permissions that require one). */
  isFeatureEnabled: (name: string) => Promise<boolean>;
  grants: PermissionGrantRepository;
  cache: Cache<readonly string[]>;
}) {
  const { data, registry, grants, cache } = deps;
  const tenantId = () => currentDataScope()?.tenantId ?? null;
  const cacheKey = (providerName: string, providerKey: string) =>
    `${tenantId() ?? ''}|${providerName}|${providerKey}`;
  /** Dropped once the change is committed, so no reader can cache the old grants after it. */
  const invalidate = (providerName: string, providerKey: string) => {
    const key = cacheKey(providerName, providerKey);
    return data.afterCommit(async () => {
      await cache.invalidate(key);
      await deps.onChanged?.();
    });
  };

  async function grantsOf(providerName: string, providerKey: string): Promise<readonly string[]> {
    return cache.getOrAdd(cacheKey(providerName, providerKey), () =>
      grants.namesGrantedTo(providerName, providerKey),
    );
  }

  async function featuresAllow(
    definition: PermissionDefinition,
    tenant: string | null,
  ): Promise<boolean> {
    const required = definition.requiredFeatures;
    if (!required || (required.tenantsOnly && tenant === null)) return true;
    for (const feature of required.names) if (!(await deps.isFeatureEnabled(feature))) return false;
    return true;
  }

  /** The subject's grant lists: its own, its roles', its client's (cached, see `grantsOf`). */
  function grantListsOf(subject: PermissionSubject): Promise<(readonly string[])[]> {
    const { clientId } = subject;
    return Promise.all([
      grantsOf(USER_PROVIDER, subject.userId),
      ...subject.roles.map((role) => grantsOf(ROLE_PROVIDER, role)),
      ...(clientId ? [withinTenant(null, () => grantsOf(CLIENT_PROVIDER, clientId))] : []),
    ]);
  }

  /**
   * Whether a granted name counts here: defined, available on this side, its features on. Most
   * permissions require no feature and get their answer without a promise: this runs for every
   * guarded request, and every promise costs the request scope's async hooks.
   */
  function counts(name: string, tenant: string | null): boolean | Promise<boolean> {
    const definition = registry.get(name);
    if (!definition || !registry.isAvailable(definition, tenant)) return false;
    return definition.requiredFeatures ? featuresAllow(definition, tenant) : true;
  }

  async function grantedNames(subject: PermissionSubject | null): Promise<Set<string>> {
    const granted = new Set<string>();
    if (!subject) return granted;
    const lists = await grantListsOf(subject);
    const tenant = tenantId();
    for (const list of lists) {
      for (const name of list) {
        if (granted.has(name)) continue;
        const verdict = counts(name, tenant);
        if (verdict === true || (verdict !== false && (await verdict))) granted.add(name);
      }
    }
    return granted;
  }

  return {
    grantsOf,
    grantedNames,
    /** Checks only the names the policy mentions (a route guard's one or two), not every grant. */
    async isGranted(subject: PermissionSubject | null, policy: string): Promise<boolean> {
      if (!subject) return false;
      const lists = await grantListsOf(subject);
      const tenant = tenantId();
      const granted = new Set<string>();
      for (const name of policyNames(policy)) {
        if (!lists.some((list) => list.includes(name))) continue;
        const verdict = counts(name, tenant);
        if (verdict === true || (verdict !== false && (await verdict))) granted.add(name);
      }
      return evaluatePolicy(policy, (name) => granted.has(name));
    },
    async setGranted(name: string, providerName: string, providerKey: string, isGranted: boolean) {
      if (isGranted) await grants.grant(name, providerName, providerKey);
      else await grants.revoke(name, providerName, providerKey);
      await invalidate(providerName, providerKey);
    },
    async deleteAllOf(providerName: string, providerKey: string) {
      await grants.deleteAllOf(providerName, providerKey);
      await invalidate(providerName, providerKey);
    },
    async moveProviderKey(providerName: string, fromKey: string, toKey: string) {
      await grants.moveProviderKey(providerName, fromKey, toKey);
      await invalidate(providerName, fromKey);
      await invalidate(providerName, toKey);
    },
  };
}

export type PermissionChecker = ReturnType<typeof createPermissionChecker>;
