import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedResultDto } from '@vineta/contracts/common/paged';
import type { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import { http } from '#src/core/http/http';
import type { ListQuery } from '#src/core/query/use-list-query';

/** Every users query starts with this key; mutations invalidate it. */
export const usersQueryKey = ['identity', 'users'] as const;

/**
 * The users list's query: the list's, a role whose members alone are listed ('' for all), and
 * the statuses asked for (absent for either).
 */
export type UsersQuery = ListQuery & {
  roleId: string;
  notActive?: boolean;
  isLockedOut?: boolean;
};

/**
 * `GET /api/identity/users` (filter, sorting, skipCount, maxResultCount, roleId, notActive,
 * isLockedOut).
 */
export function getUsers(query: UsersQuery, signal?: AbortSignal) {
  return http.get<PagedResultDto<IdentityUserDto>>(
    '/api/identity/users',
    { ...query },
    signal ? { signal } : {},
  );
}

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'list', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
