import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ResetPasswordDto } from '@vineta/contracts/account/password-reset';
import { http } from '#src/core/http/http';

/** `POST /api/account/reset-password` (204); a used or expired token is a 400 'Invalid token.'. */
export function resetPassword(input: ResetPasswordDto): Promise<void> {
  return http.post<void>('/api/account/reset-password', input);
}

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'reset-password'], mutationFn: resetPassword });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions());
}
