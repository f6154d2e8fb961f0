import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResultDto } from '@vineta/contracts/common/paged';
import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import { http } from '#src/core/http/http';
import { usersQueryKey } from './get-users';

/** `GET /api/identity/users/assignable-roles`. */
export function getAssignableRoles(signal?: AbortSignal) {
  return http.get<ListResultDto<IdentityRoleDto>>(
    '/api/identity/users/assignable-roles',
    undefined,
    signal ? { signal } : {},
  );
}

export const assignableRolesQueryOptions = () =>
  queryOptions({
    queryKey: [...usersQueryKey, 'assignable-roles'],
    queryFn: ({ signal }) => getAssignableRoles(signal),
    staleTime: 0,
  });

export function useAssignableRoles() {
  return useQuery(assignableRolesQueryOptions());
}
