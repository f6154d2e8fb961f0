import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailSettingsDto,
  UpdateEmailSettingsDto,
} from '@vineta/contracts/setting-management/email-settings';
import { http } from '#src/core/http/http';
import { emailSettingsQueryKey, getEmailSettings } from './get-email-settings';

/**
 * `POST /api/setting-management/emailing` (POST, as ABP; an empty password keeps the stored one),
 * then the values read back, which the form shows next (SPEC.md section 4: save, then reload).
 * Errors are shown by the form (under the fields or in a toast), not by the global handler.
 */
export async function saveEmailSettings(input: UpdateEmailSettingsDto): Promise<EmailSettingsDto> {
  await http.post<void>('/api/setting-management/emailing', input, { skipHandleError: true });
  return getEmailSettings();
}

export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['setting-management', 'update-emailing'],
    mutationFn: saveEmailSettings,
    onSuccess: (saved) => queryClient.setQueryData(emailSettingsQueryKey, saved),
  });
}
