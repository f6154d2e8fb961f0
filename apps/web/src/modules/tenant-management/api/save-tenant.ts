import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TenantCreateDto,
  TenantDto,
  TenantUpdateDto,
} from '@vineta/contracts/tenant-management/tenant';
import { http } from '#src/core/http/http';
import { invalidateAfterSave } from '#src/core/query/invalidate-after-save';
import { tenantsQueryKey, tenantsUrl } from './get-tenants';

export type SaveTenantInput =
  | { id?: undefined; body: TenantCreateDto }
  | { id: string; body: TenantUpdateDto };

/** `POST /api/multi-tenancy/tenants` or `PUT …/{id}` (with the concurrency stamp). */
export function saveTenant({ id, body }: SaveTenantInput): Promise<TenantDto> {
  const init = { skipHandleError: true };
  return id
    ? http.put<TenantDto>(`${tenantsUrl}/${id}`, body, init)
    : http.post<TenantDto>(tenantsUrl, body, init);
}

export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tenant-management', 'save-tenant'],
    mutationFn: saveTenant,
    onSettled: (_saved, error, { id }) =>
      invalidateAfterSave(queryClient, tenantsQueryKey, id, error),
  });
}
