import type { FastifyPluginAsync } from 'fastify';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import { permissionManagementRoutes } from './permission-management.routes.js';
import type { PermissionManagementService } from './permission-management.service.js';

export interface PermissionManagementPluginOptions {
  service: PermissionManagementService;
  permissions: PermissionChecker;
}

/** ABP's permission management API: a role's or a user's granted permissions. */
export const permissionManagementPlugin: FastifyPluginAsync<
  PermissionManagementPluginOptions
> = async (app, options) => {
  await app.register(permissionManagementRoutes, {
    service: options.service,
    permissions: options.permissions,
  });
};
