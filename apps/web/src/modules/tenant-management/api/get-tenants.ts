import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedResultDto } from '@vineta/contracts/common/paged';
import type { TenantDto } from '@vineta/contracts/tenant-management/tenant';
import { http } from '#src/core/http/http';
import type { ListQuery } from '#src/core/query/use-list-query';

/** Every tenants query starts with this key; mutations invalidate it. */
export const tenantsQueryKey = ['tenant-management', 'tenants'] as const;

export const tenantsUrl = '/api/multi-tenancy/tenants';

/** `GET /api/multi-tenancy/tenants` (filter, sorting, skipCount, maxResultCount). */
export function getTenants(query: ListQuery, signal?: AbortSignal) {
  return http.get<PagedResultDto<TenantDto>>(tenantsUrl, { ...query }, signal ? { signal } : {});
}

export const tenantsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...tenantsQueryKey, 'list', query],
    queryFn: ({ signal }) => getTenants(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTenants(query: ListQuery) {
  return useQuery(tenantsQueryOptions(query));
}
