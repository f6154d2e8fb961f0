import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import { http } from '#src/core/http/http';
import { usersQueryKey } from './get-users';

/** `GET /api/identity/users/{id}`: the edit form starts from the current stamp. */
export function getUser(id: string, signal?: AbortSignal) {
  return http.get<IdentityUserDto>(
    `/api/identity/users/${id}`,
    undefined,
    signal ? { signal } : {},
  );
}

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: 0,
  });

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
