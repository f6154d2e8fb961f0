import { IdentityPermissions } from '@vineta/contracts/identity/identity.permissions';
import { PermissionProviderNames } from '@vineta/contracts/permission-management/permissions';

export interface ProviderInfo {
  providerName: string;
  providerKey: string;
}

/** Whom a provider key names, as the permission dialog shows it. */
interface ProviderTarget {
  /** The key as stored: a role's exact name, whatever the case the caller used. */
  providerKey: string;
  /** The dialog's title: a role's or a user's name, never an id (ABP issue #6603). */
  displayName: string;
  /** Providers whose grants this one also receives: a user's roles. */
  inherited: ProviderInfo[];
}

/**
 * A permission value provider that administrators may manage (ABP's
 * `PermissionManagementOptions.ProviderPolicies`), with the policy that guards it.
 */
export interface ManagedProvider {
  name: string;
  policy: string;
  /** The target in the current tenant; undefined when there is none with that key. */
  describe(providerKey: string): Promise<ProviderTarget | undefined>;
  /** Refuses when the caller may not change the target's grants, or give it `granting`. */
  assertMayChange(providerKey: string, granting: readonly string[]): Promise<void>;
}

/** What the identity module answers about roles and users (through its services). */
interface IdentityDirectory {
  findRoleName(name: string): Promise<string | undefined>;
  findUser(id: string): Promise<{ userName: string; roleNames: string[] } | undefined>;
  /** What the caller may hand out (identity's privilege ceiling). */
  ceiling: {
    assertMayChangeRole(roleName: string): Promise<void>;
    assertMayManageUser(userId: string): Promise<void>;
    assertMayGrant(names: readonly string[]): Promise<void>;
  };
}

/** ABP's role (`R`, key = role name) and user (`U`, key = user id) providers. */
export function identityProviders(directory: IdentityDirectory): ManagedProvider[] {
  return [
    {
      name: PermissionProviderNames.Role,
      policy: IdentityPermissions.Roles.ManagePermissions,
      async describe(roleName) {
        const name = await directory.findRoleName(roleName);
        return name === undefined
          ? undefined
          : { providerKey: name, displayName: name, inherited: [] };
      },
      async assertMayChange(roleName, granting) {
        await directory.ceiling.assertMayChangeRole(roleName);
        await directory.ceiling.assertMayGrant(granting);
      },
    },
    {
      name: PermissionProviderNames.User,
      policy: IdentityPermissions.Users.ManagePermissions,
      async describe(key) {
        // A user id in any case, as ABP's Guid keys match; grants are stored under the lowercase id.
        const userId = key.toLowerCase();
        const user = await directory.findUser(userId);
        if (!user) return undefined;
        return {
          providerKey: userId,
          displayName: user.userName,
          inherited: user.roleNames.map((providerKey) => ({
            providerName: PermissionProviderNames.Role,
            providerKey,
          })),
        };
      },
      async assertMayChange(userId, granting) {
        await directory.ceiling.assertMayManageUser(userId);
        await directory.ceiling.assertMayGrant(granting);
      },
    },
  ];
}
