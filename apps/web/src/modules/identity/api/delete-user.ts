import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#src/core/http/http';
import { usersQueryKey } from './get-users';

/** `DELETE /api/identity/users/{id}`. */
export function deleteUser(id: string): Promise<void> {
  return http.delete<void>(`/api/identity/users/${id}`, { skipHandleError: true });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['identity', 'delete-user'],
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
