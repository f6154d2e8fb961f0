import { allowedUserNamePattern } from '@vineta/contracts/identity/identity.limits';
import type { Updateable } from 'kysely';
import { modificationAudit, newConcurrencyStamp, normalize } from '../../../platform/data/audit.js';
import { ConcurrencyError } from '../../../platform/errors/business-error.js';
import { IdentityErrors } from '../identity.errors.js';
import type { IdentityUserRow, IdentityUsersTable } from '../identity.tables.js';
import { ADMIN_NAME } from '../identity-data-seeder.js';
import type { IdentityRoleRow, RolesRepository } from '../roles/roles.repository.js';
import { assertUniqueUser } from './unique-user.js';
import type { UsersRepository } from './users.repository.js';

/** The tenant's password rules (ASP.NET Identity's password validators), as the account module has them. */
export interface PasswordValidator {
  /** Throws the first broken rule as ABP's business error. */
  validate(password: string): Promise<void>;
}

/** Read-modify-write attempts of `updateRetrying` before it gives up with a 409. */
const MAX_UPDATE_ATTEMPTS = 5;

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
 * names that exist, and a tenant that always keeps one active administrator. It is also how other
 * modules (account, the sign-in server) read and write the tenant's users, as ABP's account module
 * goes through `IdentityUserManager`: the repository's own functions, handed on as they are.
 */
export function createUserManager(deps: { users: UsersRepository; roles: RolesRepository }) {
  const { users, roles } = deps;

  return {
    findById: users.findById,
    findByNormalizedUserName: users.findByNormalizedUserName,
    findByNormalizedEmail: users.findByNormalizedEmail,
    roleNamesOf: users.roleNamesOf,
    insert: users.insert,
    replacePasswordHash: users.replacePasswordHash,
    foreignPasswordHashes: users.foreignPasswordHashes,

    /** ABP's `AddDefaultRolesAsync`: the tenant's default roles, given to a new user. */
    async addDefaultRoles(userId: string): Promise<void> {
      for (const role of await roles.defaultRoles()) await users.addToRole(userId, role.id);
    },

    /**
     * Read-modify-write of one user of the current tenant under its concurrency stamp. Sign-in
     * bookkeeping (failed-attempt counters) retries when someone saved in between, so no failure
     * is lost; `mutate` returning undefined means nothing to change.
     */
    async updateRetrying(
      userId: string,
      mutate: (user: IdentityUserRow) => Updateable<IdentityUsersTable> | undefined,
    ): Promise<IdentityUserRow | undefined> {
      for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
        const user = await users.findById(userId);
        if (!user) return undefined;
        const changes = mutate(user);
        if (!changes) return user;
        const stamped = {
          ...changes,
          concurrencyStamp: newConcurrencyStamp(),
          ...modificationAudit(),
        };
        if (await users.update(userId, user.concurrencyStamp, stamped)) {
          return { ...user, ...stamped } as IdentityUserRow;
        }
      }
      throw new ConcurrencyError();
    },

    /**
     * One update under the stamp the caller read (the profile form's): a stale stamp is a 409.
     * The security stamp changes too when `rotateSecurityStamp` (credentials changed).
     */
    async updateOnce(
      user: IdentityUserRow,
      expectedStamp: string,
      changes: Updateable<IdentityUsersTable>,
      options: { rotateSecurityStamp?: boolean } = {},
    ): Promise<IdentityUserRow> {
      const stamped = {
        ...changes,
        ...(options.rotateSecurityStamp ? { securityStamp: crypto.randomUUID() } : {}),
        concurrencyStamp: newConcurrencyStamp(),
        ...modificationAudit(),
      };
      if (!(await users.update(user.id, expectedStamp, stamped))) throw new ConcurrencyError();
      return { ...user, ...stamped } as IdentityUserRow;
    },

    assertValidUserName(userName: string): void {
      if (!userName || !allowedUserNamePattern.test(userName)) {
        throw IdentityErrors.invalidUserName(userName);
      }
    },

    /** See `assertUniqueUser`; a field left undefined is not changing. */
    assertUnique(
      user: { userName?: string | undefined; email?: string | undefined },
      exceptUserId?: string,
    ): Promise<void> {
      return assertUniqueUser(users, user, exceptUserId);
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
