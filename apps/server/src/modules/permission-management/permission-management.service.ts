import type {
  GetPermissionListResultDto,
  PermissionGroupDto,
  UpdatePermissionDto,
} from '@vineta/contracts/permission-management/permissions';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import type {
  PermissionDefinition,
  PermissionRegistry,
} from '../../platform/authorization/permission-definitions.js';
import { currentDataScope } from '../../platform/data/data-scope.js';
import { EntityNotFoundError } from '../../platform/errors/business-error.js';
import type { Localizer } from '../../platform/localization/localizer.js';
import { PermissionManagementErrors } from './permission-management.errors.js';
import type { ManagedProvider, ProviderInfo } from './permission-management-providers.js';

const entityOf = (providerName: string) => (providerName === 'R' ? 'IdentityRole' : 'IdentityUser');

/**
 * ABP's `PermissionAppService`: the permission tree a role or user may be given on the current
 * side (host or tenant), with who grants each one, and the changes an administrator saves. The
 * permission checker caches grants and drops them (and the application configuration) after
 * every committed change.
 */
export function createPermissionManagementService(deps: {
  data: { transaction<T>(work: () => Promise<T>): Promise<T> };
  registry: PermissionRegistry;
  permissions: PermissionChecker;
  localizer: Localizer;
  isFeatureEnabled: (name: string) => Promise<boolean>;
  providers: ManagedProvider[];
}) {
  const { data, registry, permissions, localizer } = deps;
  const providers = new Map(deps.providers.map((provider) => [provider.name, provider]));

  function providerOf(name: string): ManagedProvider {
    const provider = providers.get(name);
    if (!provider) throw PermissionManagementErrors.noPolicyForProvider(name);
    return provider;
  }

  async function targetOf(providerName: string, providerKey: string) {
    const target = await providerOf(providerName).describe(providerKey);
    if (!target) throw new EntityNotFoundError(entityOf(providerName), providerKey);
    return target;
  }

  /** On this side, grantable by this provider, its features on, and its parent listed too. */
  async function manageable(providerName: string): Promise<Set<string>> {
    const tenantId = currentDataScope()?.tenantId ?? null;
    const listed = new Set<string>();
    for (const definition of registry.all()) {
      if (definition.parentName && !listed.has(definition.parentName)) continue;
      if (!registry.isAvailable(definition, tenantId)) continue;
      if (!registry.allowsProvider(definition, providerName)) continue;
      if (!(await featuresOn(definition, tenantId))) continue;
      listed.add(definition.name);
    }
    return listed;
  }

  async function featuresOn(definition: PermissionDefinition, tenantId: string | null) {
    const required = definition.requiredFeatures;
    if (!required || (required.tenantsOnly && tenantId === null)) return true;
    for (const feature of required.names) if (!(await deps.isFeatureEnabled(feature))) return false;
    return true;
  }

  return {
    /** The policy guarding a provider's grants; an unknown provider is a 400. */
    policyFor: (providerName: string) => providerOf(providerName).policy,

    async get(
      providerName: string,
      providerKey: string,
      culture: string,
    ): Promise<GetPermissionListResultDto> {
      const target = await targetOf(providerName, providerKey);
      const sources: ProviderInfo[] = [
        { providerName, providerKey: target.providerKey },
        ...target.inherited,
      ];
      const grants = await Promise.all(
        sources.map(async (source) => ({
          source,
          names: new Set(await permissions.grantsOf(source.providerName, source.providerKey)),
        })),
      );
      const listed = await manageable(providerName);
      const text = (value: { resource: string; key: string }) =>
        localizer.text(value.resource, value.key, culture);
      const groups: PermissionGroupDto[] = [];
      for (const group of registry.groups) {
        const permissionsOfGroup = group.permissions
          .filter((definition) => listed.has(definition.name))
          .map((definition) => {
            const grantedProviders = grants
              .filter((grant) => grant.names.has(definition.name))
              .map((grant) => grant.source);
            return {
              name: definition.name,
              displayName: text(definition.displayName),
              parentName: definition.parentName,
              isGranted: grantedProviders.length > 0,
              allowedProviders: definition.providers,
              grantedProviders,
            };
          });
        if (permissionsOfGroup.length === 0) continue;
        groups.push({
          name: group.name,
          displayName: text(group.displayName),
          displayNameKey: group.displayName.key,
          displayNameResource: group.displayName.resource,
          permissions: permissionsOfGroup,
        });
      }
      return { entityDisplayName: target.displayName, groups };
    },

    /** Saves what differs from the provider's own grants, all or nothing. */
    async update(
      providerName: string,
      providerKey: string,
      changes: readonly UpdatePermissionDto[],
    ): Promise<void> {
      const target = await targetOf(providerName, providerKey);
      const listed = await manageable(providerName);
      const wanted = new Map<string, boolean>();
      for (const change of changes) {
        if (!listed.has(change.name))
          throw PermissionManagementErrors.permissionNotDefined(change.name);
        wanted.set(change.name, change.isGranted);
      }
      const held = new Set(await permissions.grantsOf(providerName, target.providerKey));
      const granting = [...wanted].filter(([name, on]) => on && !held.has(name)).map(([n]) => n);
      await providerOf(providerName).assertMayChange(target.providerKey, granting);
      await data.transaction(async () => {
        const own = new Set(await permissions.grantsOf(providerName, target.providerKey));
        for (const [name, isGranted] of wanted) {
          if (own.has(name) !== isGranted) {
            await permissions.setGranted(name, providerName, target.providerKey, isGranted);
          }
        }
      });
    },
  };
}

export type PermissionManagementService = ReturnType<typeof createPermissionManagementService>;
