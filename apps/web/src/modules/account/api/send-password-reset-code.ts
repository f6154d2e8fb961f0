import { mutationOptions, useMutation } from '@tanstack/react-query';
import { accountAppName } from '@vineta/contracts/account/account.limits';
import { http } from '#src/core/http/http';

/** `POST /api/account/send-password-reset-code` (204, also for an unknown address). */
export function sendPasswordResetCode(input: { email: string }): Promise<void> {
  return http.post<void>('/api/account/send-password-reset-code', {
    email: input.email,
    appName: accountAppName,
  });
}

export const sendPasswordResetCodeMutationOptions = () =>
  mutationOptions({
    mutationKey: ['account', 'send-password-reset-code'],
    mutationFn: sendPasswordResetCode,
  });

export function useSendPasswordResetCode() {
  return useMutation(sendPasswordResetCodeMutationOptions());
}
