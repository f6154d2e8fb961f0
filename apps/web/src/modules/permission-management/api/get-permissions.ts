import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetPermissionListResultDto } from '@vineta/contracts/permission-management/permissions';
import { http } from '#src/core/http/http';

export interface PermissionProvider {
  providerName: string;
  providerKey: string;
}

export const permissionsQueryKey = (provider: PermissionProvider) =>
  ['permission-management', 'permissions', provider.providerName, provider.providerKey] as const;

/** `GET /api/permission-management/permissions?providerName=&providerKey=`. */
export function getPermissions(provider: PermissionProvider, signal?: AbortSignal) {
  return http.get<GetPermissionListResultDto>(
    '/api/permission-management/permissions',
    { ...provider },
    signal ? { signal } : {},
  );
}

export const permissionsQueryOptions = (provider: PermissionProvider) =>
  queryOptions({
    queryKey: permissionsQueryKey(provider),
    queryFn: ({ signal }) => getPermissions(provider, signal),
    staleTime: 0,
    gcTime: 0,
  });

export function usePermissions(provider: PermissionProvider) {
  return useQuery(permissionsQueryOptions(provider));
}
