import { useMutation } from '@tanstack/react-query';
import type { SendTestEmailInput } from '@vineta/contracts/setting-management/email-settings';
import { http } from '#src/core/http/http';

/** `POST /api/setting-management/emailing/send-test-email`; a failure carries the SMTP reply. */
export function sendTestEmail(input: SendTestEmailInput): Promise<void> {
  return http.post<void>('/api/setting-management/emailing/send-test-email', input, {
    skipHandleError: true,
  });
}

export function useSendTestEmail() {
  return useMutation({
    mutationKey: ['setting-management', 'send-test-email'],
    mutationFn: sendTestEmail,
  });
}
