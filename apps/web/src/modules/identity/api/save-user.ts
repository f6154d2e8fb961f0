import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  IdentityUserCreateDto,
  IdentityUserDto,
  IdentityUserUpdateDto,
} from '@vineta/contracts/identity/identity-user';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { refreshAppConfiguration } from '#src/core/app-configuration/get-application-configuration';
import { http } from '#src/core/http/http';
import { invalidateAfterSave } from '#src/core/query/invalidate-after-save';
import { usersQueryKey } from './get-users';

export interface SaveUserInput {
  id?: string;
  body: IdentityUserCreateDto | IdentityUserUpdateDto;
}

/** `POST /api/identity/users` or `PUT /api/identity/users/{id}` (password optional there). */
export function saveUser({ id, body }: SaveUserInput): Promise<IdentityUserDto> {
  const init = { skipHandleError: true };
  return id
    ? http.put<IdentityUserDto>(`/api/identity/users/${id}`, body, init)
    : http.post<IdentityUserDto>('/api/identity/users', body, init);
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['identity', 'save-user'],
    mutationFn: saveUser,
    onSuccess: (_saved, { id }) => {
      // Editing oneself changes the name in the top bar, the roles and so the permissions.
      if (id !== undefined && id === appConfigurationStore.get()?.currentUser?.id) {
        void refreshAppConfiguration().catch(() => undefined);
      }
    },
    onSettled: (_saved, error, { id }) =>
      invalidateAfterSave(queryClient, usersQueryKey, id, error),
  });
}
