import type { Cache } from '../caching/cache.js';
import { currentDataScope, withinTenant } from '../data/data-scope.js';
import type { PermissionRegistry } from './permission-definitions.js';
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
  const cacheKey = (providerName: string, providerKey: string, tenant = tenantId()) =>
    `${tenant ?? ''}|${providerName}|${providerKey}`;
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

  /** Whether the features a permission requires are on for the current tenant. */
  async function featuresAllow(name: string): Promise<boolean> {
    for (const feature of registry.get(name)?.requiredFeatures?.names ?? []) {
      if (!(await deps.isFeatureEnabled(feature))) return false;
    }
    return true;
  }

  /**
   * The subject's grant lists (its own, its roles', its client's) when the cache holds all of
   * them: then they come without a promise. This runs for every guarded request, and every
   * promise costs the request scope's async hooks.
   */
  function cachedGrantListsOf(subject: PermissionSubject): (readonly string[])[] | undefined {
    const tenant = tenantId();
    const lists = [cache.get(cacheKey(USER_PROVIDER, subject.userId, tenant))];
    for (const role of subject.roles) lists.push(cache.get(cacheKey(ROLE_PROVIDER, role, tenant)));
    // Clients belong to the host: their grants are kept under the host's key.
    if (subject.clientId) lists.push(cache.get(cacheKey(CLIENT_PROVIDER, subject.clientId, null)));
    return lists.every((list) => list !== undefined) ? (lists as (readonly string[])[]) : undefined;
  }

  /** The subject's grant lists: its own, its roles', its client's (cached, see `grantsOf`). */
  function grantListsOf(
    subject: PermissionSubject,
  ): (readonly string[])[] | Promise<(readonly string[])[]> {
    const { clientId } = subject;
    return (
      cachedGrantListsOf(subject) ??
      Promise.all([
        grantsOf(USER_PROVIDER, subject.userId),
        ...subject.roles.map((role) => grantsOf(ROLE_PROVIDER, role)),
        ...(clientId ? [withinTenant(null, () => grantsOf(CLIENT_PROVIDER, clientId))] : []),
      ])
    );
  }

  /**
   * Whether a granted name counts here (defined, available on this side) when that needs no
   * feature lookup; undefined when its features decide. Most permissions require none.
   */
  function countsWithoutFeatures(name: string, tenant: string | null): boolean | undefined {
    const definition = registry.get(name);
    if (!definition || !registry.isAvailable(definition, tenant)) return false;
    const required = definition.requiredFeatures;
    return !required || (required.tenantsOnly && tenant === null) ? true : undefined;
  }

  /**
   * The policy's answer from the grant lists: at once when none of the granted names it mentions
   * needs a feature check, else once those features are looked up.
   */
  function decide(lists: (readonly string[])[], policy: string): boolean | Promise<boolean> {
    const tenant = tenantId();
    const granted = new Set<string>();
    const featureChecked: string[] = [];
    for (const name of policyNames(policy)) {
      if (!lists.some((list) => list.includes(name))) continue;
      const verdict = countsWithoutFeatures(name, tenant);
      if (verdict === undefined) featureChecked.push(name);
      else if (verdict) granted.add(name);
    }
    const answer = () => evaluatePolicy(policy, (name) => granted.has(name));
    if (featureChecked.length === 0) return answer();
    return (async () => {
      for (const name of featureChecked) if (await featuresAllow(name)) granted.add(name);
      return answer();
    })();
  }

  /** The names of grant lists that count here (defined, on this side, their features on). */
  async function countedNames(lists: readonly (readonly string[])[]): Promise<Set<string>> {
    const granted = new Set<string>();
    const tenant = tenantId();
    for (const list of lists) {
      for (const name of list) {
        if (granted.has(name)) continue;
        if (countsWithoutFeatures(name, tenant) ?? (await featuresAllow(name))) granted.add(name);
      }
    }
    return granted;
  }

  async function grantedNames(subject: PermissionSubject | null): Promise<Set<string>> {
    return subject ? countedNames(await grantListsOf(subject)) : new Set();
  }

  return {
    grantsOf,
    grantedNames,
    /** What these roles grant together (their members get it), as {@link grantedNames} counts. */
    grantedNamesOfRoles: async (roles: readonly string[]) =>
      countedNames(await Promise.all(roles.map((role) => grantsOf(ROLE_PROVIDER, role)))),
    /**
     * Checks only the names the policy mentions (a route guard's one or two), not every grant.
     * The answer comes at once, without a promise, when the subject's grants are cached and none
     * of those names needs a feature check; a promise of it otherwise.
     */
    isGranted(subject: PermissionSubject | null, policy: string): boolean | Promise<boolean> {
      if (!subject) return false;
      const lists = grantListsOf(subject);
      return Array.isArray(lists) ? decide(lists, policy) : lists.then((l) => decide(l, policy));
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
