import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedResultDto } from '@vineta/contracts/common/paged';
import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import { http } from '#src/core/http/http';
import type { ListQuery } from '#src/core/query/use-list-query';

/** Every roles query starts with this key; mutations invalidate it. */
export const rolesQueryKey = ['identity', 'roles'] as const;

/** `GET /api/identity/roles` (filter, sorting, skipCount, maxResultCount). */
export function getRoles(query: ListQuery, signal?: AbortSignal) {
  return http.get<PagedResultDto<IdentityRoleDto>>(
    '/api/identity/roles',
    { ...query },
    signal ? { signal } : {},
  );
}

export const rolesQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...rolesQueryKey, 'list', query],
    queryFn: ({ signal }) => getRoles(query, signal),
    placeholderData: keepPreviousData,
  });

export function useRoles(query: ListQuery) {
  return useQuery(rolesQueryOptions(query));
}
