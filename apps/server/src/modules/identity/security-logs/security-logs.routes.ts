import { EntityIdParams } from '@vineta/contracts/common/entity';
import { PagedResultDto } from '@vineta/contracts/common/paged';
import { IdentityPermissions } from '@vineta/contracts/identity/identity.permissions';
import {
  GetIdentitySecurityLogListInput,
  IdentitySecurityLogDto,
} from '@vineta/contracts/identity/identity-security-log';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionChecker } from '../../../platform/authorization/permission-checker.js';
import {
  requireAuthenticated,
  requirePermission,
} from '../../../platform/authorization/require-permission.js';
import { sortingParameter } from '../../../platform/data/list-sorting.js';
import { type SecurityLogsService, securityLogSortKeys } from './security-logs.service.js';

const SecurityLogsQuery = GetIdentitySecurityLogListInput.extend({
  sorting: sortingParameter(securityLogSortKeys),
});

/**
 * ABP's commercial `IdentitySecurityLogController` (`/api/identity/security-logs`): every user's
 * rows behind `AbpIdentity.SecurityLogs`, and one's own under `/my` for any signed-in user.
 */
export const securityLogsRoutes: FastifyPluginAsyncZod<{
  securityLogs: SecurityLogsService;
  permissions: PermissionChecker;
}> = async (app, { securityLogs, permissions }) => {
  const base = '/api/identity/security-logs';
  const tags = ['IdentitySecurityLog'];
  const list = {
    tags,
    querystring: SecurityLogsQuery,
    response: { 200: PagedResultDto(IdentitySecurityLogDto) },
  };
  const one = { tags, params: EntityIdParams, response: { 200: IdentitySecurityLogDto } };
  const allowed = requirePermission(permissions, IdentityPermissions.SecurityLogs.Default);
  // After requireAuthenticated there is a user; without one, no row could be anybody's.
  const ownerOf = (request: FastifyRequest) => request.currentUser?.id ?? '';

  app.get(base, { preHandler: allowed, schema: list }, (request) =>
    securityLogs.getList(request.query),
  );
  app.get(`${base}/my`, { preHandler: requireAuthenticated, schema: list }, (request) =>
    securityLogs.getList(request.query, ownerOf(request)),
  );
  app.get(`${base}/my/:id`, { preHandler: requireAuthenticated, schema: one }, (request) =>
    securityLogs.get(request.params.id, ownerOf(request)),
  );
  app.get(`${base}/:id`, { preHandler: allowed, schema: one }, (request) =>
    securityLogs.get(request.params.id),
  );
};
