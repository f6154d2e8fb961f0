import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import type { IdentityUserDto, UserData } from '@vineta/contracts/identity/identity-user';
import { normalize } from '../../../platform/data/audit.js';
import { EntityNotFoundError } from '../../../platform/errors/business-error.js';
import type { PrivilegeCeiling } from '../privilege-ceiling.js';
import { toIdentityRoleDto } from '../roles/identity-role-dto.js';
import type { RolesRepository } from '../roles/roles.repository.js';
import { toIdentityUserDto, toUserData } from './identity-user-dto.js';
import type { ListedUser } from './user-list.repository.js';
import type { UserListService } from './user-list.service.js';
import type { UsersRepository } from './users.repository.js';

type ListResult<T> = { items: T[] };

/**
 * The read side of the users API and of the user lookup (ABP's `IdentityUserLookupAppService`).
 * ABP's "find" endpoints answer nothing (204) for an unknown name; `get` answers 404.
 */
export function createUserQueries(deps: {
  users: UsersRepository;
  roles: RolesRepository;
  list: UserListService;
  ceiling: PrivilegeCeiling;
}) {
  const { users, roles, list, ceiling } = deps;
  const mapped = <T>(row: ListedUser | undefined, map: (row: ListedUser) => T) =>
    row ? map(row) : null;

  return {
    /**
     * The users list's reply, `PagedResultDto<IdentityUserDto>`, as JSON text: its items are
     * written by the database (user-dto-json.ts).
     */
    async getListJson(input: Parameters<UserListService['page']>[0]): Promise<string> {
      const { totalCount, items } = await list.pageJson(input, new Date());
      return `{"totalCount":${totalCount},"items":[${items.join(',')}]}`;
    },

    async rolesOf(id: string): Promise<ListResult<IdentityRoleDto>> {
      if (!(await users.findById(id))) throw new EntityNotFoundError('IdentityUser', id);
      return { items: (await users.rolesOf(id)).map(toIdentityRoleDto) };
    },

    /**
     * Every role of the tenant (ABP's `GetAssignableRolesAsync`), each saying in its
     * `extraProperties.CallerMayAssign` whether the caller holds all its permissions and so may
     * give it (decision 022): the Roles tab greys out the others instead of failing on Save.
     */
    async assignableRoles(): Promise<ListResult<IdentityRoleDto>> {
      const all = await roles.all();
      const mayGive = await ceiling.rolesCallerMayGive(all.map((role) => role.name));
      return {
        items: all.map((role) => {
          const dto = toIdentityRoleDto(role);
          return {
            ...dto,
            extraProperties: { ...dto.extraProperties, CallerMayAssign: mayGive.has(role.name) },
          };
        }),
      };
    },

    async findByUserName(userName: string): Promise<IdentityUserDto | null> {
      return mapped(await users.findByNormalizedUserName(normalize(userName)), toIdentityUserDto);
    },

    async findByEmail(email: string): Promise<IdentityUserDto | null> {
      return mapped(await users.findByNormalizedEmail(normalize(email)), toIdentityUserDto);
    },

    /** A user's name and roles, for the permission dialog (title and grants through roles). */
    async nameAndRoles(id: string): Promise<{ userName: string; roleNames: string[] } | undefined> {
      const user = await users.findById(id);
      return user && { userName: user.userName, roleNames: await users.roleNamesOf(id) };
    },

    lookup: {
      async findById(id: string): Promise<UserData | null> {
        return mapped(await users.findById(id), toUserData);
      },
      async findByUserName(userName: string): Promise<UserData | null> {
        return mapped(await users.findByNormalizedUserName(normalize(userName)), toUserData);
      },
      async search(input: Parameters<UserListService['page']>[0]): Promise<ListResult<UserData>> {
        return { items: (await list.page(input)).rows.map(toUserData) };
      },
      count: (filter: string | undefined) => list.count(filter),
    },
  };
}

export type UserQueries = ReturnType<typeof createUserQueries>;
