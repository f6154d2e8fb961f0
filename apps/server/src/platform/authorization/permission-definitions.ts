/** A text that is looked up per culture: `{ resource: 'AbpIdentity', key: 'Permission:RoleManagement' }`. */
export interface LocalizableText {
  resource: string;
  key: string;
}

type MultiTenancySide = 'host' | 'tenant' | 'both';

export interface PermissionDefinitionInput {
  name: string;
  displayName: LocalizableText;
  side?: MultiTenancySide;
  /** Providers that may grant it (`R`, `U`, `C`); empty means every provider. */
  providers?: string[];
  /** Features that must be on for the permission to count (ABP's state checkers), inside tenants only when `tenantsOnly`. */
  requiredFeatures?: { names: string[]; tenantsOnly: boolean };
  children?: PermissionDefinitionInput[];
}

export interface PermissionGroupInput {
  name: string;
  displayName: LocalizableText;
  side?: MultiTenancySide;
  permissions: PermissionDefinitionInput[];
}

export interface PermissionDefinition {
  name: string;
  groupName: string;
  parentName: string | null;
  displayName: LocalizableText;
  side: MultiTenancySide;
  providers: string[];
  requiredFeatures: { names: string[]; tenantsOnly: boolean } | undefined;
  depth: number;
}

interface PermissionGroup {
  name: string;
  displayName: LocalizableText;
  permissions: PermissionDefinition[];
}

/**
 * Every permission the modules define, flattened in tree order. A child inherits its parent's
 * side unless it says otherwise, as a group's permissions inherit the group's.
 */
export class PermissionRegistry {
  readonly groups: PermissionGroup[] = [];
  readonly #byName = new Map<string, PermissionDefinition>();

  constructor(groups: PermissionGroupInput[]) {
    for (const group of groups) {
      const permissions: PermissionDefinition[] = [];
      const add = (input: PermissionDefinitionInput, parent: PermissionDefinition | null) => {
        if (this.#byName.has(input.name))
          throw new Error(`Permission defined twice: ${input.name}`);
        const definition: PermissionDefinition = {
          name: input.name,
          groupName: group.name,
          parentName: parent?.name ?? null,
          displayName: input.displayName,
          side: input.side ?? parent?.side ?? group.side ?? 'both',
          providers: input.providers ?? parent?.providers ?? [],
          requiredFeatures: input.requiredFeatures ?? parent?.requiredFeatures,
          depth: parent ? parent.depth + 1 : 0,
        };
        this.#byName.set(definition.name, definition);
        permissions.push(definition);
        for (const child of input.children ?? []) add(child, definition);
      };
      for (const permission of group.permissions) add(permission, null);
      this.groups.push({ name: group.name, displayName: group.displayName, permissions });
    }
  }

  get(name: string): PermissionDefinition | undefined {
    return this.#byName.get(name);
  }

  all(): PermissionDefinition[] {
    return [...this.#byName.values()];
  }

  /** Whether a permission exists on this side: host permissions are not granted inside a tenant. */
  isAvailable(definition: PermissionDefinition, tenantId: string | null): boolean {
    return (
      definition.side === 'both' || definition.side === (tenantId === null ? 'host' : 'tenant')
    );
  }

  allowsProvider(definition: PermissionDefinition, providerName: string): boolean {
    return definition.providers.length === 0 || definition.providers.includes(providerName);
  }
}
