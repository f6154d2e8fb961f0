import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import { http } from '#src/core/http/http';
import { rolesQueryKey } from './get-roles';

/** `GET /api/identity/roles/{id}`: the edit form starts from the current stamp. */
export function getRole(id: string, signal?: AbortSignal) {
  return http.get<IdentityRoleDto>(
    `/api/identity/roles/${id}`,
    undefined,
    signal ? { signal } : {},
  );
}

export const roleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...rolesQueryKey, 'detail', id],
    queryFn: ({ signal }) => getRole(id, signal),
    staleTime: 0,
  });

export function useRole(id: string | undefined) {
  return useQuery({ ...roleQueryOptions(id ?? ''), enabled: Boolean(id) });
}
