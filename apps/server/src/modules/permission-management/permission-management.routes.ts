import {
  GetPermissionListResultDto,
  PermissionProviderQuery,
  UpdatePermissionsDto,
} from '@vineta/contracts/permission-management/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import { ensurePermission } from '../../platform/authorization/require-permission.js';
import { AuthorizationError } from '../../platform/errors/business-error.js';
import type { PermissionManagementService } from './permission-management.service.js';

/**
 * ABP's `PermissionsController` (`/api/permission-management/permissions`). The policy depends
 * on the provider in the query: anonymous callers get 401 first, an unknown provider 400, then
 * the provider's policy decides (R: `AbpIdentity.Roles.ManagePermissions`, U: `…Users…`).
 */
export const permissionManagementRoutes: FastifyPluginAsyncZod<{
  service: PermissionManagementService;
  permissions: PermissionChecker;
}> = async (app, { service, permissions }) => {
  const path = '/api/permission-management/permissions';
  const tags = ['Permissions'];
  const preHandler = async (request: FastifyRequest) => {
    if (!request.currentUser) throw new AuthorizationError(false);
    const { providerName } = request.query as PermissionProviderQuery;
    await ensurePermission(permissions, request, service.policyFor(providerName));
  };

  app.get(
    path,
    {
      preHandler,
      schema: {
        tags,
        querystring: PermissionProviderQuery,
        response: { 200: GetPermissionListResultDto },
      },
    },
    (request) =>
      service.get(request.query.providerName, request.query.providerKey, request.culture),
  );

  app.put(
    path,
    {
      preHandler,
      schema: { tags, querystring: PermissionProviderQuery, body: UpdatePermissionsDto },
    },
    async (request, reply) => {
      const { providerName, providerKey } = request.query;
      await service.update(providerName, providerKey, request.body.permissions);
      return reply.status(204).send();
    },
  );
};
