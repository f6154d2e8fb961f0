import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResultDto } from '@vineta/contracts/common/paged';
import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import { http } from '#src/core/http/http';
import { usersQueryKey } from './get-users';

/** `GET /api/identity/users/{id}/roles`. */
export function getUserRoles(id: string, signal?: AbortSignal) {
  return http.get<ListResultDto<IdentityRoleDto>>(
    `/api/identity/users/${id}/roles`,
    undefined,
    signal ? { signal } : {},
  );
}

export const userRolesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'roles', id],
    queryFn: ({ signal }) => getUserRoles(id, signal),
    staleTime: 0,
  });

export function useUserRoles(id: string | undefined) {
  return useQuery({ ...userRolesQueryOptions(id ?? ''), enabled: Boolean(id) });
}
