import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailSettingsDto } from '@vineta/contracts/setting-management/email-settings';
import { http } from '#src/core/http/http';

export const emailSettingsQueryKey = ['setting-management', 'emailing'] as const;

/** `GET /api/setting-management/emailing`: the current side's values, never the password. */
export function getEmailSettings(signal?: AbortSignal): Promise<EmailSettingsDto> {
  return http.get<EmailSettingsDto>(
    '/api/setting-management/emailing',
    undefined,
    signal ? { signal } : {},
  );
}

export const emailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: emailSettingsQueryKey,
    queryFn: ({ signal }) => getEmailSettings(signal),
    // Always the stored values when the tab opens, not a copy from an earlier visit.
    staleTime: 0,
    gcTime: 0,
  });

export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions());
}
