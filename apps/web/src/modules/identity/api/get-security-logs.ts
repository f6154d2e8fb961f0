import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PagedResultDto } from '@vineta/contracts/common/paged';
import type { IdentitySecurityLogDto } from '@vineta/contracts/identity/identity-security-log';
import { http } from '#src/core/http/http';
import type { ListQuery } from '#src/core/query/use-list-query';

/**
 * The security log's query: the list's paging and sorting, its `filter` taken as the exact user
 * name, an action ('' for any) and a time range as ISO instants ('' for open).
 */
export type SecurityLogsQuery = ListQuery & { action: string; startTime: string; endTime: string };

/** `GET /api/identity/security-logs` (empty values are left out by the HTTP client). */
export function getSecurityLogs({ filter, ...query }: SecurityLogsQuery, signal?: AbortSignal) {
  return http.get<PagedResultDto<IdentitySecurityLogDto>>(
    '/api/identity/security-logs',
    { ...query, userName: filter.trim() },
    signal ? { signal } : {},
  );
}

export function useSecurityLogs(query: SecurityLogsQuery) {
  return useQuery({
    queryKey: ['identity', 'security-logs', query],
    queryFn: ({ signal }) => getSecurityLogs(query, signal),
    placeholderData: keepPreviousData,
  });
}
