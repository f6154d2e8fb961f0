import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#src/core/http/http';
import { rolesQueryKey } from './get-roles';

/** `DELETE /api/identity/roles/{id}`. */
export function deleteRole(id: string): Promise<void> {
  return http.delete<void>(`/api/identity/roles/${id}`, { skipHandleError: true });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['identity', 'delete-role'],
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
