import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#src/core/http/http';
import { usersQueryKey } from './get-users';

/** `POST /api/identity/users/{id}/unlock`: clears the lockout end and the failure count. */
export function unlockUser(id: string): Promise<void> {
  return http.post<void>(`/api/identity/users/${id}/unlock`, undefined, { skipHandleError: true });
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['identity', 'unlock-user'],
    mutationFn: unlockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
