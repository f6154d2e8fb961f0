import type { FastifyPluginAsync } from 'fastify';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import { featureManagementRoutes } from './feature-management.routes.js';
import type { FeatureManagementService } from './feature-management.service.js';

export interface FeatureManagementPluginOptions {
  service: FeatureManagementService;
  permissions: PermissionChecker;
}

/** ABP's feature management API: a tenant's (or the host's) feature values. */
export const featureManagementPlugin: FastifyPluginAsync<FeatureManagementPluginOptions> = async (
  app,
  options,
) => {
  await app.register(featureManagementRoutes, {
    service: options.service,
    permissions: options.permissions,
  });
};
