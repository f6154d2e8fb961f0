import type {
  FeatureDto,
  GetFeatureListResultDto,
  UpdateFeatureDto,
} from '@vineta/contracts/feature-management/features';
import { EntityNotFoundError } from '../../platform/errors/business-error.js';
import {
  type FeatureChecker,
  FeatureProvider,
  tenantProviderKey,
} from '../../platform/features/feature-checker.js';
import {
  type FeatureDefinition,
  type FeatureRegistry,
  isValidFeatureValue,
} from '../../platform/features/feature-definitions.js';
import type { Localizer } from '../../platform/localization/localizer.js';
import { toValueTypeDto } from './feature-dto.js';
import { FeatureManagementErrors } from './feature-management.errors.js';

/** Whose values are managed: a tenant's (`T` + id), or the host's (`T` without a key). */
export interface FeatureProviderTarget {
  providerName: string;
  /** The tenant's id; null for the host. */
  tenantId: string | null;
}

const TENANT_ENTITY = 'Volo.Abp.TenantManagement.Tenant';
const isToggle = (definition: FeatureDefinition) =>
  definition.valueType.name === 'ToggleStringValueType';

/**
 * ABP's `FeatureAppService` for the tenant provider. Host values are stored under `T` with an
 * empty key; features not available to the host are neither listed nor settable for it. Every
 * write goes through the feature checker, which refreshes the application configuration after
 * the commit.
 */
export function createFeatureManagementService(deps: {
  data: { transaction<T>(work: () => Promise<T>): Promise<T> };
  registry: FeatureRegistry;
  features: FeatureChecker;
  localizer: Localizer;
  /** Whether a live tenant has this id (the tenant-management module answers). */
  tenantExists(id: string): Promise<boolean>;
}) {
  const { registry, features, localizer } = deps;

  async function definitionsFor(target: FeatureProviderTarget): Promise<FeatureDefinition[]> {
    if (target.tenantId !== null && !(await deps.tenantExists(target.tenantId))) {
      throw new EntityNotFoundError(TENANT_ENTITY, target.tenantId);
    }
    return registry
      .all()
      .filter((definition) => target.tenantId !== null || definition.isAvailableToHost);
  }

  const key = (target: FeatureProviderTarget) => tenantProviderKey(target.tenantId);
  const stored = (name: string, target: FeatureProviderTarget) =>
    features.getForProvider(name, target.providerName, key(target));

  async function featureDto(
    definition: FeatureDefinition,
    target: FeatureProviderTarget,
    culture: string,
  ): Promise<FeatureDto> {
    const value = await stored(definition.name, target);
    const text = (t: { resource: string; key: string }) =>
      localizer.text(t.resource, t.key, culture);
    return {
      name: definition.name,
      displayName: text(definition.displayName),
      value: value ?? definition.defaultValue,
      provider:
        value === null
          ? { name: FeatureProvider.Default, key: null }
          : { name: target.providerName, key: target.tenantId },
      description: definition.description ? text(definition.description) : null,
      valueType: toValueTypeDto(definition.valueType),
      depth: definition.depth,
      parentName: definition.parentName,
    };
  }

  /**
   * The request's values plus what keeps toggles consistent, as ABP's modal does: switching a
   * child on switches its toggle ancestors on (unless the same request switches one off), and a
   * toggle that ends up off switches its toggle descendants off.
   */
  async function withConsistentToggles(
    definitions: FeatureDefinition[],
    requested: Map<string, string>,
    target: FeatureProviderTarget,
  ): Promise<Map<string, string>> {
    const byName = new Map(definitions.map((definition) => [definition.name, definition]));
    const changes = new Map(requested);
    const toggleParent = (definition: FeatureDefinition) => {
      const parent = definition.parentName ? byName.get(definition.parentName) : undefined;
      return parent && isToggle(parent) && isToggle(definition) ? parent : undefined;
    };
    for (const [name, value] of requested) {
      const definition = byName.get(name);
      if (!definition || value !== 'true') continue;
      for (let parent = toggleParent(definition); parent; parent = toggleParent(parent)) {
        if (requested.get(parent.name) !== 'false') changes.set(parent.name, 'true');
      }
    }
    const effective = new Map<string, string>();
    // Definitions come parents first, so a parent's final value is known before its children.
    for (const definition of definitions) {
      const parent = toggleParent(definition);
      if (parent && effective.get(parent.name) === 'false') changes.set(definition.name, 'false');
      const value =
        changes.get(definition.name) ??
        (await stored(definition.name, target)) ??
        definition.defaultValue;
      effective.set(definition.name, value.toLowerCase());
    }
    return changes;
  }

  return {
    async getList(
      target: FeatureProviderTarget,
      culture: string,
    ): Promise<GetFeatureListResultDto> {
      const available = new Set((await definitionsFor(target)).map((d) => d.name));
      const groups = [];
      for (const group of registry.groups) {
        const list = group.features.filter((definition) => available.has(definition.name));
        if (list.length === 0) continue;
        groups.push({
          name: group.name,
          displayName: localizer.text(group.displayName.resource, group.displayName.key, culture),
          features: await Promise.all(list.map((d) => featureDto(d, target, culture))),
        });
      }
      return { groups };
    },

    async update(target: FeatureProviderTarget, input: UpdateFeatureDto[]): Promise<void> {
      const definitions = await definitionsFor(target);
      const byName = new Map(definitions.map((definition) => [definition.name, definition]));
      const requested = new Map<string, string>();
      for (const { name, value } of input) {
        const definition = byName.get(name);
        if (!definition) {
          throw FeatureManagementErrors.featureNotDefined(name);
        }
        if (!isValidFeatureValue(definition, value)) {
          throw FeatureManagementErrors.invalidFeatureValue(name);
        }
        requested.set(name, isToggle(definition) ? value.toLowerCase() : value);
      }
      await deps.data.transaction(async () => {
        const changes = await withConsistentToggles(definitions, requested, target);
        for (const [name, value] of changes) {
          const definition = byName.get(name);
          if (!definition) continue;
          // A value equal to the default is not stored, so a later change of default applies.
          const byDefault = isToggle(definition)
            ? definition.defaultValue.toLowerCase()
            : definition.defaultValue;
          const toStore = value === byDefault ? null : value;
          if (toStore === (await stored(name, target))) continue;
          await features.setForProvider(name, toStore, target.providerName, key(target));
        }
      });
    },

    /** ABP 5+'s "Reset to default" (complaint #11): the provider's stored values go. */
    async reset(target: FeatureProviderTarget): Promise<void> {
      await definitionsFor(target);
      await deps.data.transaction(() => features.resetProvider(target.providerName, key(target)));
    },
  };
}

export type FeatureManagementService = ReturnType<typeof createFeatureManagementService>;
