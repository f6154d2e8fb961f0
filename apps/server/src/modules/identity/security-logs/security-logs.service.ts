import type {
  GetIdentitySecurityLogListInput,
  IdentitySecurityLogDto,
} from '@vineta/contracts/identity/identity-security-log';
import { parseExtraProperties } from '../../../platform/data/extra-properties.js';
import { parseSorting } from '../../../platform/data/list-sorting.js';
import { inPageOrder, pageFromNearerEnd } from '../../../platform/data/page-from-nearer-end.js';
import { EntityNotFoundError } from '../../../platform/errors/business-error.js';
import type {
  SecurityLogFilter,
  SecurityLogRepository,
  SecurityLogRow,
} from '../../../platform/security-log/security-log.repository.js';

/** The keys a list sorts by: only time, which an index serves (the table grows with every sign-in). */
export const securityLogSortKeys = ['creationTime'] as const;

/** An ISO date-time without an offset is read as UTC, as the rows are written; a date is its midnight. */
const utcInstant = (value: string) =>
  new Date(
    /T/.test(value) && !/(Z|[+-]\d\d:?\d\d)$/i.test(value) ? `${value}Z` : value,
  ).toISOString();

/** The row as ABP's DTO: its columns are the DTO's members; the extra properties are stored as JSON. */
const toDto = ({ normalizedUserName: _, ...row }: SecurityLogRow): IdentitySecurityLogDto => ({
  ...row,
  extraProperties: parseExtraProperties(row.extraProperties),
});

/**
 * ABP's commercial `IdentitySecurityLogAppService`: the current tenant's security log, every
 * user's (`AbpIdentity.SecurityLogs`) or one's own (`ownerId`), newest first.
 */
export function createSecurityLogsService(repository: SecurityLogRepository) {
  return {
    async getList(input: GetIdentitySecurityLogListInput, ownerId?: string) {
      const filter: SecurityLogFilter = {
        from: input.startTime ? utcInstant(input.startTime) : undefined,
        until: input.endTime ? utcInstant(input.endTime) : undefined,
        userId: ownerId,
        applicationName: input.applicationName || undefined,
        identity: input.identity || undefined,
        action: input.action || undefined,
        userName: input.userName || undefined,
        clientId: input.clientId || undefined,
        correlationId: input.correlationId || undefined,
      };
      const sort = input.sorting?.trim()
        ? parseSorting(input.sorting, securityLogSortKeys, 'creationTime')
        : { key: 'creationTime' as const, direction: 'desc' as const };
      const { skipCount, maxResultCount } = input;
      const pageOf = (read: { sort: typeof sort; skipCount: number; maxResultCount: number }) =>
        repository.page(
          filter,
          read.sort.direction === 'desc',
          read.skipCount,
          read.maxResultCount,
        );
      // A first page is never read from the end: it is counted and read at once.
      if (skipCount === 0) {
        const [totalCount, rows] = await Promise.all([
          repository.count(filter),
          pageOf({ sort, skipCount, maxResultCount }),
        ]);
        return { totalCount, items: rows.map(toDto) };
      }
      // The log grows with every sign-in: a later page is read from the nearer end (decision 020).
      const totalCount = await repository.count(filter);
      if (skipCount >= totalCount) return { totalCount, items: [] };
      const read = pageFromNearerEnd(sort, skipCount, maxResultCount, totalCount);
      return { totalCount, items: inPageOrder(read.fromEnd, await pageOf(read)).map(toDto) };
    },

    /** One row; another user's, with `ownerId`, is not found (ABP's `GetMyAsync`). */
    async get(id: string, ownerId?: string): Promise<IdentitySecurityLogDto> {
      const row = await repository.findById(id);
      if (!row || (ownerId !== undefined && row.userId !== ownerId)) {
        throw new EntityNotFoundError('IdentitySecurityLog', id);
      }
      return toDto(row);
    },
  };
}

export type SecurityLogsService = ReturnType<typeof createSecurityLogsService>;
