import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  IdentityRoleCreateDto,
  IdentityRoleDto,
  IdentityRoleUpdateDto,
} from '@vineta/contracts/identity/identity-role';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { refreshAppConfiguration } from '#src/core/app-configuration/get-application-configuration';
import { http } from '#src/core/http/http';
import { invalidateAfterSave } from '#src/core/query/invalidate-after-save';
import { rolesQueryKey } from './get-roles';

export interface SaveRoleInput {
  id?: string;
  /** The edited role's name before the change. */
  currentName?: string;
  body: IdentityRoleCreateDto | IdentityRoleUpdateDto;
}

/** Whether the signed-in user holds the role named so (the configuration lists their roles). */
const isOwnRole = (name: string | undefined) =>
  name !== undefined && (appConfigurationStore.get()?.currentUser?.roles ?? []).includes(name);

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
    onSuccess: (_saved, { currentName }) => {
      // A renamed role of the current user's: the configuration's role names change with it.
      if (isOwnRole(currentName)) void refreshAppConfiguration().catch(() => undefined);
    },
    onSettled: (_saved, error, { id }) =>
      invalidateAfterSave(queryClient, rolesQueryKey, id, error),
  });
}
