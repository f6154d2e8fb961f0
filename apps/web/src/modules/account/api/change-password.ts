import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@vineta/contracts/account/profile';
import { http } from '#src/core/http/http';

/**
 * `POST /api/account/my-profile/change-password` (204). The form shows the failure in a toast
 * (SPEC.md section 8), so the global error handling stays out.
 */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return http.post<void>('/api/account/my-profile/change-password', input, {
    skipHandleError: true,
  });
}

export const changePasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'change-password'], mutationFn: changePassword });

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
