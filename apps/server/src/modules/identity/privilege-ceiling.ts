import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import { currentDataScope } from '../../platform/data/data-scope.js';
import { IdentityErrors } from './identity.errors.js';
import type { UsersRepository } from './users/users.repository.js';

/**
 * No one hands out more than they hold. ABP lets anyone with `AbpIdentity.Users.Update` give any
 * role to anyone, themselves included, and set an administrator's password: a help-desk account
 * could make itself host administrator, or take the administrator's account. Here the caller must
 * hold every permission of a role they give, change or delete, of a user they change, and every
 * permission they grant (Keycloak keeps a limited administrator to the roles it may map, in the
 * same spirit). Grants are counted as the permission checker counts them (own, roles', on this
 * side, features on); work without a caller (seeding, background jobs) is not limited.
 */
export function createPrivilegeCeiling(deps: {
  users: UsersRepository;
  permissions: PermissionChecker;
}) {
  const { users, permissions } = deps;
  const callerId = () => currentDataScope()?.userId ?? null;

  const userHolds = async (userId: string) =>
    permissions.grantedNames({ userId, roles: await users.roleNamesOf(userId) });

  /** What the caller holds, or nothing when there is no caller to limit. */
  async function callerHolds(): Promise<Set<string> | undefined> {
    const id = callerId();
    return id ? userHolds(id) : undefined;
  }

  const coveredBy = (held: ReadonlySet<string>, wanted: ReadonlySet<string>) =>
    [...wanted].every((name) => held.has(name));

  /** Each role must be covered; the first that is not is named. */
  async function assertRolesCovered(
    held: ReadonlySet<string>,
    roleNames: readonly string[],
    refusal: (roleName: string) => Error,
  ) {
    for (const roleName of roleNames) {
      if (!coveredBy(held, await permissions.grantedNamesOfRoles([roleName]))) {
        throw refusal(roleName);
      }
    }
  }

  return {
    /** The caller may change or delete this user: they hold all the user holds (or are the user). */
    async assertMayManageUser(userId: string): Promise<void> {
      const held = await callerHolds();
      if (!held || userId === callerId()) return;
      if (!coveredBy(held, await userHolds(userId))) throw IdentityErrors.morePrivilegedUser();
    },

    /**
     * Which of these roles the caller may give, for the screens to say so before a Save the
     * server would refuse; all of them when there is no caller to limit.
     */
    async rolesCallerMayGive(roleNames: readonly string[]): Promise<Set<string>> {
      const held = await callerHolds();
      if (!held) return new Set(roleNames);
      const given = new Set<string>();
      for (const roleName of roleNames) {
        if (coveredBy(held, await permissions.grantedNamesOfRoles([roleName]))) given.add(roleName);
      }
      return given;
    },

    /** The caller may give these roles (to anyone, themselves too). */
    async assertMayGiveRoles(roleNames: readonly string[]): Promise<void> {
      const held = await callerHolds();
      if (held) await assertRolesCovered(held, roleNames, IdentityErrors.morePrivilegedRole);
    },

    /** The caller may change, delete or re-grant this role. */
    async assertMayChangeRole(roleName: string): Promise<void> {
      const held = await callerHolds();
      if (held) await assertRolesCovered(held, [roleName], IdentityErrors.morePrivilegedRole);
    },

    /** The caller may grant these permissions: they hold each one. */
    async assertMayGrant(names: readonly string[]): Promise<void> {
      const held = await callerHolds();
      if (held && names.some((name) => !held.has(name))) throw IdentityErrors.permissionNotHeld();
    },
  };
}

export type PrivilegeCeiling = ReturnType<typeof createPrivilegeCeiling>;
