import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#src/core/http/http';
import { tenantsQueryKey, tenantsUrl } from './get-tenants';

/** `DELETE /api/multi-tenancy/tenants/{id}` (soft: its users can no longer sign in). */
export function deleteTenant(id: string): Promise<void> {
  return http.delete<void>(`${tenantsUrl}/${id}`, { skipHandleError: true });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tenant-management', 'delete-tenant'],
    mutationFn: deleteTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
  });
}
