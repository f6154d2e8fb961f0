import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePermissionsDto } from '@vineta/contracts/permission-management/permissions';
import { http } from '#src/core/http/http';
import { type PermissionProvider, permissionsQueryKey } from './get-permissions';

/** `PUT /api/permission-management/permissions`: only the changed grants. */
export function updatePermissions(input: {
  provider: PermissionProvider;
  body: UpdatePermissionsDto;
}): Promise<void> {
  return http.request<void>({
    method: 'PUT',
    url: '/api/permission-management/permissions',
    params: { ...input.provider },
    body: input.body,
    skipHandleError: true,
  });
}

export function useUpdatePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['permission-management', 'update-permissions'],
    mutationFn: updatePermissions,
    // Read again at the next opening, not now: the modal closes on success, and an administrator
    // who took the permission-management right from their own role could not read it any more.
    onSuccess: (_, { provider }) =>
      queryClient.invalidateQueries({
        queryKey: permissionsQueryKey(provider),
        refetchType: 'none',
      }),
  });
}
