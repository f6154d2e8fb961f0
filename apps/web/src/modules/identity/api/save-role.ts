import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  IdentityRoleCreateDto,
  IdentityRoleDto,
  IdentityRoleUpdateDto,
} from '@vineta/contracts/identity/identity-role';
import { refreshAppConfiguration } from '#src/core/app-configuration/get-application-configuration';
import { http } from '#src/core/http/http';
import { rolesQueryKey } from './get-roles';

export interface SaveRoleInput {
  id?: string;
  body: IdentityRoleCreateDto | IdentityRoleUpdateDto;
}

/** `POST /api/identity/roles` or `PUT /api/identity/roles/{id}` (with the concurrency stamp). */
export function saveRole({ id, body }: SaveRoleInput): Promise<IdentityRoleDto> {
  const init = { skipHandleError: true };
  return id
    ? http.put<IdentityRoleDto>(`/api/identity/roles/${id}`, body, init)
    : http.post<IdentityRoleDto>('/api/identity/roles', body, init);
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['identity', 'save-role'],
    mutationFn: saveRole,
    onSuccess: (_saved, { id }) => {
      // A renamed role may be one of the current user's, whose role names the configuration holds.
      if (id !== undefined) void refreshAppConfiguration().catch(() => undefined);
    },
    // After a failure too: a conflict or a deletion elsewhere means the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
