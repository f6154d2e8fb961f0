import { IdentitySettingNames } from '@vineta/contracts/identity/identity-settings';
import type {
  IdentityUserCreateDto,
  IdentityUserDto,
  IdentityUserUpdateDto,
} from '@vineta/contracts/identity/identity-user';
import type { AppDataContext } from '../../../db/database.js';
import {
  type PermissionChecker,
  USER_PROVIDER,
} from '../../../platform/authorization/permission-checker.js';
import {
  creationAudit,
  modificationAudit,
  newConcurrencyStamp,
  normalize,
} from '../../../platform/data/audit.js';
import { currentDataScope } from '../../../platform/data/data-scope.js';
import { ConcurrencyError, EntityNotFoundError } from '../../../platform/errors/business-error.js';
import type { PasswordHasher } from '../../../platform/security/password-hashing/password-hasher.js';
import type { SettingManager } from '../../../platform/settings/setting-manager.js';
import { IdentityErrors } from '../identity.errors.js';
import type { IdentityChanges } from '../identity-changes.js';
import type { PrivilegeCeiling } from '../privilege-ceiling.js';
import { toIdentityUserDto } from './identity-user-dto.js';
import type { PasswordValidator, UserManager } from './user-manager.js';
import type { UsersRepository } from './users.repository.js';

const emptyToNull = (value: string | null | undefined) => (value ? value : null);
const actorId = () => currentDataScope()?.userId ?? null;

/**
 * ABP's `IdentityUserAppService` commands, one transaction each. Passwords are checked and hashed
 * before the transaction opens (SQLite has one connection; argon2 must not hold it). Role,
 * credential and status changes are announced after commit (identity-changes.ts).
 */
export function createUsersService(deps: {
  data: AppDataContext;
  users: UsersRepository;
  manager: UserManager;
  hasher: PasswordHasher;
  passwordValidator: PasswordValidator;
  settings: SettingManager;
  permissions: PermissionChecker;
  changes: IdentityChanges;
  ceiling: PrivilegeCeiling;
}) {
  const { data, users, manager, hasher, passwordValidator, settings, permissions, ceiling } = deps;
  const announce = (userIds: readonly string[], signOut = false) =>
    data.afterCommit(() => deps.changes.usersChanged({ userIds, signOut }));

  async function load(id: string) {
    const user = await users.findById(id);
    if (!user) throw new EntityNotFoundError('IdentityUser', id);
    return user;
  }
  const dtoOf = async (id: string): Promise<IdentityUserDto> => toIdentityUserDto(await load(id));

  /** The caller may change the user, and give the roles of `roleNames` the user lacks yet. */
  async function assertMayChange(id: string, roleNames?: readonly string[]) {
    await ceiling.assertMayManageUser(id);
    if (!roleNames) return;
    const held = new Set(await users.roleNamesOf(id));
    const given = (await manager.resolveRoles(roleNames)).map((role) => role.name);
    await ceiling.assertMayGiveRoles(given.filter((name) => !held.has(name)));
  }

  async function lockoutForNewUsers(): Promise<boolean> {
    const value = await settings.getOrNull(IdentitySettingNames.Lockout.AllowedForNewUsers);
    return value?.toLowerCase() !== 'false';
  }

  return {
    get: dtoOf,

    async create(input: IdentityUserCreateDto): Promise<IdentityUserDto> {
      const { userName, email } = input;
      manager.assertValidUserName(userName);
      await manager.assertUnique({ userName, email });
      if (input.roleNames) {
        const roles = await manager.resolveRoles(input.roleNames);
        await ceiling.assertMayGiveRoles(roles.map((role) => role.name));
      }
      await passwordValidator.validate(input.password);
      const lockoutEnabled = input.lockoutEnabled ?? (await lockoutForNewUsers());
      const passwordHash = await hasher.hash(input.password);
      const id = crypto.randomUUID();
      try {
        await data.transaction(async () => {
          await manager.assertUnique({ userName, email });
          const roles = input.roleNames ? await manager.resolveRoles(input.roleNames) : [];
          await users.insert({
            id,
            userName,
            normalizedUserName: normalize(userName),
            name: emptyToNull(input.name),
            surname: emptyToNull(input.surname),
            email,
            normalizedEmail: normalize(email),
            phoneNumber: emptyToNull(input.phoneNumber),
            passwordHash,
            securityStamp: crypto.randomUUID(),
            isActive: input.isActive,
            lockoutEnabled,
            extraProperties: JSON.stringify(input.extraProperties ?? {}),
            concurrencyStamp: newConcurrencyStamp(),
            ...creationAudit(),
          });
          await users.setRoles(
            id,
            roles.map((role) => role.id),
          );
        });
      } catch (error) {
        manager.translateUniqueViolation(error, userName, email);
      }
      return dtoOf(id);
    },

    async update(id: string, input: IdentityUserUpdateDto): Promise<IdentityUserDto> {
      const { userName, email } = input;
      await load(id);
      await assertMayChange(id, input.roleNames ?? undefined);
      manager.assertValidUserName(userName);
      await manager.assertUnique({ userName, email }, id);
      const password = input.password || undefined;
      if (password) await passwordValidator.validate(password);
      const passwordHash = password ? await hasher.hash(password) : undefined;
      try {
        await data.transaction(async () => {
          const current = await load(id);
          // ABP: no stamp sent, no check.
          const stamp = input.concurrencyStamp ?? current.concurrencyStamp;
          if (current.concurrencyStamp !== stamp) throw new ConcurrencyError();
          await manager.assertUnique({ userName, email }, id);
          // Refused rather than ignored (ABP skips it silently, and the form then lies).
          const isActive = input.isActive ?? current.isActive;
          const lockoutEnabled = input.lockoutEnabled ?? current.lockoutEnabled;
          if (actorId() === id && lockoutEnabled !== current.lockoutEnabled) {
            throw IdentityErrors.cannotChangeOwnLockout();
          }
          // Signing oneself out for good is never what an administrator meant.
          if (actorId() === id && current.isActive && !isActive) {
            throw IdentityErrors.cannotDeactivateOwnAccount();
          }
          const roleIds = input.roleNames
            ? (await manager.resolveRoles(input.roleNames)).map((role) => role.id)
            : undefined;
          await manager.assertKeepsAnAdministrator(current, { isActive, roleIds });
          const phoneNumber = emptyToNull(input.phoneNumber);
          const deactivated = current.isActive && !isActive;
          const saved = await users.update(id, stamp, {
            userName,
            normalizedUserName: normalize(userName),
            name: emptyToNull(input.name),
            surname: emptyToNull(input.surname),
            email,
            normalizedEmail: normalize(email),
            phoneNumber,
            isActive,
            lockoutEnabled,
            // ASP.NET Identity: a new address or number is not confirmed yet.
            ...(normalize(email) !== current.normalizedEmail ? { emailConfirmed: false } : {}),
            ...(phoneNumber !== current.phoneNumber ? { phoneNumberConfirmed: false } : {}),
            ...(input.extraProperties
              ? { extraProperties: JSON.stringify(input.extraProperties) }
              : {}),
            // A new stamp ends the user's tokens: new password, or deactivated.
            ...(passwordHash || deactivated ? { securityStamp: crypto.randomUUID() } : {}),
            ...(passwordHash ? { passwordHash } : {}),
            concurrencyStamp: newConcurrencyStamp(),
            ...modificationAudit(),
          });
          if (!saved) throw new ConcurrencyError();
          if (roleIds) await users.setRoles(id, roleIds);
          await announce([id], Boolean(passwordHash) || deactivated);
        });
      } catch (error) {
        manager.translateUniqueViolation(error, userName, email);
      }
      return dtoOf(id);
    },

    /** ABP: yourself never; an unknown id quietly; otherwise a soft delete without grants or roles. */
    async delete(id: string): Promise<void> {
      if (actorId() === id) throw IdentityErrors.cannotDeleteOwnAccount();
      await data.transaction(async () => {
        const user = await users.findById(id);
        if (!user) return;
        await ceiling.assertMayManageUser(id);
        await manager.assertKeepsAnAdministrator(user, { deleted: true, isActive: false });
        await users.softDelete(id);
        await users.removeRoleLinksOf(id);
        await permissions.deleteAllOf(USER_PROVIDER, id);
        await announce([id], true);
      });
    },

    /** `PUT /{id}/roles`: the roles become exactly these; the user's stamp changes as ABP's does. */
    async updateRoles(id: string, roleNames: readonly string[]): Promise<void> {
      await data.transaction(async () => {
        const current = await load(id);
        await assertMayChange(id, roleNames);
        const roleIds = (await manager.resolveRoles(roleNames)).map((role) => role.id);
        await manager.assertKeepsAnAdministrator(current, { isActive: current.isActive, roleIds });
        const saved = await users.update(id, current.concurrencyStamp, {
          concurrencyStamp: newConcurrencyStamp(),
          ...modificationAudit(),
        });
        if (!saved) throw new ConcurrencyError();
        await users.setRoles(id, roleIds);
        await announce([id]);
      });
    },

    /**
     * Signs the user out everywhere (Keycloak's "Sign out" of a user's sessions): a new security
     * stamp stops its access tokens at the API, and the sign-in server ends its sessions, grants
     * and refresh tokens, so that every device and app asks for the password again.
     */
    async signOut(id: string): Promise<void> {
      await data.transaction(async () => {
        const current = await load(id);
        await ceiling.assertMayManageUser(id);
        const saved = await users.update(id, current.concurrencyStamp, {
          securityStamp: crypto.randomUUID(),
          concurrencyStamp: newConcurrencyStamp(),
          ...modificationAudit(),
        });
        if (!saved) throw new ConcurrencyError();
        await announce([id], true);
      });
    },

    /** Ends a lockout and forgets the failed attempts, so the next wrong password does not relock. */
    async unlock(id: string): Promise<void> {
      await load(id);
      // An attacker's guesses locked the account: only a peer may let them go on.
      await ceiling.assertMayManageUser(id);
      await users.setLockout(id, { lockoutEnd: null, accessFailedCount: 0 });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
