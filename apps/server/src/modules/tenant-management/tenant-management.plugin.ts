import type { FastifyPluginAsync } from 'fastify';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import type { TenantStore } from '../../platform/multi-tenancy/tenant-store.js';
import { abpTenantLookupRoutes } from './abp-tenant-lookup.routes.js';
import type { TenantConnectionStringsService } from './tenant-connection-strings.service.js';
import { tenantsRoutes } from './tenants.routes.js';
import type { TenantsService } from './tenants.service.js';

export interface TenantManagementPluginOptions {
  store: TenantStore;
  tenants: TenantsService;
  connectionStrings: TenantConnectionStringsService;
  permissions: PermissionChecker;
}

/** ABP's tenant management API, and the anonymous tenant lookup by name or id ABP's clients use. */
export const tenantManagementPlugin: FastifyPluginAsync<TenantManagementPluginOptions> = async (
  app,
  options,
) => {
  await app.register(abpTenantLookupRoutes, { store: options.store });
  await app.register(tenantsRoutes, {
    tenants: options.tenants,
    connectionStrings: options.connectionStrings,
    permissions: options.permissions,
  });
};
