import { useMutation } from '@tanstack/react-query';
import { http } from '#src/core/http/http';

/** `POST /api/identity/users/{id}/logout`: ends every session, grant and token of the user. */
export function signOutUser(id: string): Promise<void> {
  return http.post<void>(`/api/identity/users/${id}/logout`, undefined, { skipHandleError: true });
}

export function useSignOutUser() {
  return useMutation({ mutationKey: ['identity', 'sign-out-user'], mutationFn: signOutUser });
}
