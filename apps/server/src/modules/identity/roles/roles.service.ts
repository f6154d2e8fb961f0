import type {
  GetIdentityRolesInput,
  IdentityRoleCreateDto,
  IdentityRoleDto,
  IdentityRoleUpdateDto,
} from '@vineta/contracts/identity/identity-role';
import type { AppDataContext } from '../../../db/database.js';
import {
  type PermissionChecker,
  ROLE_PROVIDER,
} from '../../../platform/authorization/permission-checker.js';
import { newConcurrencyStamp, normalize } from '../../../platform/data/audit.js';
import { parseSorting } from '../../../platform/data/list-sorting.js';
import { ConcurrencyError, EntityNotFoundError } from '../../../platform/errors/business-error.js';
import { IdentityErrors } from '../identity.errors.js';
import type { IdentityChanges } from '../identity-changes.js';
import type { PrivilegeCeiling } from '../privilege-ceiling.js';
import type { UsersRepository } from '../users/users.repository.js';
import { toIdentityRoleDto } from './identity-role-dto.js';
import { type RolesRepository, roleSortKeys } from './roles.repository.js';

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/**
 * ABP's `IdentityRoleAppService` with `IdentityRoleManager`'s rules: names unique in the tenant,
 * static roles neither renamed nor deleted. Permission grants are keyed by role name, so a rename
 * moves them and a deletion removes them; the members' role lists change either way, which is
 * announced after commit.
 */
export function createRolesService(deps: {
  data: AppDataContext;
  roles: RolesRepository;
  users: UsersRepository;
  permissions: PermissionChecker;
  changes: IdentityChanges;
  ceiling: PrivilegeCeiling;
}) {
  const { data, roles, users, permissions, ceiling } = deps;
  const announce = (userIds: readonly string[]) =>
    userIds.length === 0
      ? Promise.resolve()
      : data.afterCommit(() => deps.changes.usersChanged({ userIds, signOut: false }));

  async function load(id: string) {
    const role = await roles.findById(id);
    if (!role) throw new EntityNotFoundError('IdentityRole', id);
    return role;
  }

  async function assertNameFree(name: string, exceptId?: string) {
    const owner = await roles.findByNormalizedName(normalize(name));
    if (owner && owner.id !== exceptId) throw IdentityErrors.duplicateRoleName(name);
  }

  /** A concurrent create or rename with the same name lost the race at the unique index. */
  async function guarded<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await data.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw IdentityErrors.duplicateRoleName(name);
      throw error;
    }
  }

  return {
    async getList(input: GetIdentityRolesInput) {
      const normalizedFilter = input.filter?.trim() ? normalize(input.filter.trim()) : undefined;
      const totalCount = await roles.count(normalizedFilter);
      const rows =
        input.skipCount >= totalCount
          ? []
          : await roles.list({
              normalizedFilter,
              sort: parseSorting(input.sorting, roleSortKeys, 'name'),
              skipCount: input.skipCount,
              maxResultCount: input.maxResultCount,
            });
      return { totalCount, items: rows.map(toIdentityRoleDto) };
    },

    async getAll(): Promise<{ items: IdentityRoleDto[] }> {
      return { items: (await roles.all()).map(toIdentityRoleDto) };
    },

    get: async (id: string) => toIdentityRoleDto(await load(id)),

    /** The stored name of the role called `name` in any case (permission grants use it). */
    findName: async (name: string) => (await roles.findByNormalizedName(normalize(name)))?.name,

    async create(input: IdentityRoleCreateDto): Promise<IdentityRoleDto> {
      const id = crypto.randomUUID();
      await guarded(input.name, async () => {
        await assertNameFree(input.name);
        await roles.insert({
          id,
          name: input.name,
          normalizedName: normalize(input.name),
          isDefault: input.isDefault,
          isPublic: input.isPublic,
          extraProperties: JSON.stringify(input.extraProperties ?? {}),
          concurrencyStamp: newConcurrencyStamp(),
          creationTime: new Date().toISOString(),
        });
      });
      return toIdentityRoleDto(await load(id));
    },

    async update(id: string, input: IdentityRoleUpdateDto): Promise<IdentityRoleDto> {
      await guarded(input.name, async () => {
        const current = await load(id);
        // Made default, a role goes to every new user; renamed, its members change.
        await ceiling.assertMayChangeRole(current.name);
        // ABP: no stamp sent, no check.
        const stamp = input.concurrencyStamp ?? current.concurrencyStamp;
        if (current.concurrencyStamp !== stamp) throw new ConcurrencyError();
        const renamed = input.name !== current.name;
        if (renamed && current.isStatic) throw IdentityErrors.staticRoleRenaming();
        if (renamed) await assertNameFree(input.name, id);
        const saved = await roles.update(id, stamp, {
          name: input.name,
          normalizedName: normalize(input.name),
          isDefault: input.isDefault ?? current.isDefault,
          isPublic: input.isPublic ?? current.isPublic,
          ...(input.extraProperties
            ? { extraProperties: JSON.stringify(input.extraProperties) }
            : {}),
          concurrencyStamp: newConcurrencyStamp(),
        });
        if (!saved) throw new ConcurrencyError();
        if (renamed) {
          // Grants left under the new name by no live role (data from before this rule) must
          // not pass to this one; then the role's own grants follow it.
          await permissions.deleteAllOf(ROLE_PROVIDER, input.name);
          await permissions.moveProviderKey(ROLE_PROVIDER, current.name, input.name);
          await announce(await users.userIdsInRole(id));
        }
      });
      return toIdentityRoleDto(await load(id));
    },

    /** ABP: an unknown id quietly; a static role never; otherwise with its grants and user links. */
    async delete(id: string): Promise<void> {
      await data.transaction(async () => {
        const role = await roles.findById(id);
        if (!role) return;
        if (role.isStatic) throw IdentityErrors.staticRoleDeletion();
        await ceiling.assertMayChangeRole(role.name);
        const members = await users.userIdsInRole(id);
        await users.removeRoleLinksTo(id);
        await permissions.deleteAllOf(ROLE_PROVIDER, role.name);
        await roles.delete(id);
        await announce(members);
      });
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
