import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TenantDto } from '@vineta/contracts/tenant-management/tenant';
import { http } from '#src/core/http/http';
import { tenantsQueryKey, tenantsUrl } from './get-tenants';

/** `GET /api/multi-tenancy/tenants/{id}`: the edit form starts from the current stamp. */
export function getTenant(id: string, signal?: AbortSignal) {
  return http.get<TenantDto>(`${tenantsUrl}/${id}`, undefined, signal ? { signal } : {});
}

export const tenantQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...tenantsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getTenant(id, signal),
    staleTime: 0,
  });

export function useTenant(id: string | undefined) {
  return useQuery({ ...tenantQueryOptions(id ?? ''), enabled: Boolean(id) });
}
