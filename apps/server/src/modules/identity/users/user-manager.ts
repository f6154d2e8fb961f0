import { allowedUserNamePattern } from '@vineta/contracts/identity/identity.limits';
import { normalize } from '../../../platform/data/audit.js';
import { IdentityErrors } from '../identity.errors.js';
import { ADMIN_NAME } from '../identity-data-seeder.js';
import type { IdentityRoleRow, RolesRepository } from '../roles/roles.repository.js';
import { assertUniqueUser } from './unique-user.js';
import type { IdentityUserRow, UsersRepository } from './users.repository.js';

/** The tenant's password rules (ASP.NET Identity's password validators), as the account module has them. */
export interface PasswordValidator {
  /** Throws the first broken rule as ABP's business error. */
  validate(password: string): Promise<void>;
}

/** What a user will be after a change, for the last-administrator rule. */
export interface UserFate {
  deleted?: boolean;
  isActive: boolean;
  /** The role ids it will hold; undefined: unchanged. */
  roleIds?: readonly string[] | undefined;
}

/**
 * ABP's `IdentityUserManager` rules shared by the users service and the role-membership commands:
 * user names with ASP.NET's allowed characters, user names and e-mails unique in the tenant, role
 * names that exist, and a tenant that always keeps one active administrator.
 */
export function createUserManager(deps: { users: UsersRepository; roles: RolesRepository }) {
  const { users, roles } = deps;

  return {
    assertValidUserName(userName: string): void {
      if (!userName || !allowedUserNamePattern.test(userName)) {
        throw IdentityErrors.invalidUserName(userName);
      }
    },

    /** See `assertUniqueUser`. */
    assertUnique(userName: string, email: string, exceptUserId?: string): Promise<void> {
      return assertUniqueUser(users, { userName, email }, exceptUserId);
    },

    /**
     * A unique index caught what the check above could not see (a concurrent insert): the same
     * error the check would have given. Anything else is rethrown.
     */
    translateUniqueViolation(error: unknown, userName: string, email: string): never {
      const { code, message, constraint } = (error ?? {}) as {
        code?: string;
        message?: string;
        constraint?: string;
      };
      const unique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
      if (!unique) throw error;
      if (`${constraint ?? ''} ${message ?? ''}`.includes('normalized_email')) {
        throw IdentityErrors.duplicateEmail(email);
      }
      throw IdentityErrors.duplicateUserName(userName);
    },

    /** The roles named (case-insensitively, duplicates ignored); an unknown name is an error. */
    async resolveRoles(roleNames: readonly string[]): Promise<IdentityRoleRow[]> {
      const wanted = new Map(roleNames.map((name) => [normalize(name), name]));
      const found = await roles.findByNormalizedNames([...wanted.keys()]);
      for (const [normalized, name] of wanted) {
        if (!found.some((role) => role.normalizedName === normalized)) {
          throw IdentityErrors.roleNotFound(name);
        }
      }
      return found;
    },

    /**
     * The last active holder of the `admin` role cannot lose it, be deactivated or be deleted:
     * the tenant would have nobody left to administer it. Checked under a lock on the role
     * (PostgreSQL), so two such changes at once cannot both pass.
     */
    async assertKeepsAnAdministrator(user: IdentityUserRow, fate: UserFate): Promise<void> {
      if (!user.isActive) return;
      const admin = await roles.findByNormalizedName(normalize(ADMIN_NAME));
      if (!admin) return;
      const stays =
        !fate.deleted && fate.isActive && (fate.roleIds ? fate.roleIds.includes(admin.id) : true);
      if (stays) return;
      const holds = (await users.rolesOf(user.id)).some((role) => role.id === admin.id);
      if (!holds) return;
      await roles.lockForMembershipChange(admin.id);
      if ((await users.countOtherActiveMembers(admin.id, user.id)) === 0) {
        throw IdentityErrors.lastAdministratorRole();
      }
    },
  };
}

export type UserManager = ReturnType<typeof createUserManager>;
