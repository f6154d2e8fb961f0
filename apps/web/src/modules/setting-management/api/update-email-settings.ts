import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateEmailSettingsDto } from '@vineta/contracts/setting-management/email-settings';
import { http } from '#src/core/http/http';
import { emailSettingsQueryKey } from './get-email-settings';

/**
 * `POST /api/setting-management/emailing` (POST, as ABP). An empty password keeps the stored one.
 * Errors are shown by the form (under the fields or in a toast), not by the global handler.
 */
export function updateEmailSettings(input: UpdateEmailSettingsDto): Promise<void> {
  return http.post<void>('/api/setting-management/emailing', input, { skipHandleError: true });
}

/** After a save the form shows the values read back from the server (SPEC.md section 4). */
export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['setting-management', 'update-emailing'],
    mutationFn: updateEmailSettings,
    onSuccess: () => queryClient.refetchQueries({ queryKey: emailSettingsQueryKey }),
  });
}
