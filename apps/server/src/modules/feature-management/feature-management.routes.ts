import { GuidInput } from '@vineta/contracts/common/entity';
import { FeatureManagementPermissions } from '@vineta/contracts/feature-management/feature-management.permissions';
import {
  FeatureProviderNames,
  FeatureProviderQuery,
  GetFeatureListResultDto,
  UpdateFeaturesDto,
} from '@vineta/contracts/feature-management/features';
import { TenantManagementPermissions } from '@vineta/contracts/tenant-management/tenant-management.permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import { ensurePermission } from '../../platform/authorization/require-permission.js';
import type {
  FeatureManagementService,
  FeatureProviderTarget,
} from './feature-management.service.js';

/**
 * Only the tenant provider is managed here (editions are ABP Commercial); ABP answers 500 for
 * any other, we answer 400. A key must be a tenant's id; none (or empty) means the host.
 */
const ProviderQuery = FeatureProviderQuery.extend({
  providerName: z.literal(FeatureProviderNames.Tenant),
  providerKey: z.union([GuidInput, z.literal('')]).optional(),
});
type ProviderQuery = z.infer<typeof ProviderQuery>;

/**
 * ABP's `FeaturesController`. Authorization follows `FeatureAppService`: the host's own features
 * (no key, no current tenant) need `FeatureManagement.ManageHostFeatures`; anything else needs the
 * tenant provider's policy, `AbpTenantManagement.Tenants.ManageFeatures`. Both are host-side.
 */
export const featureManagementRoutes: FastifyPluginAsyncZod<{
  service: FeatureManagementService;
  permissions: PermissionChecker;
}> = async (app, { service, permissions }) => {
  const path = '/api/feature-management/features';
  const tags = ['Features'];
  /** ABP's `NormalizeProviderKey`: no key means the current tenant, or the host. */
  const targetOf = (request: FastifyRequest<{ Querystring: ProviderQuery }>) => {
    const { providerName, providerKey } = request.query;
    const tenantId = providerKey || request.currentTenant.id || null;
    return { providerName, tenantId } satisfies FeatureProviderTarget;
  };
  const authorize = (request: FastifyRequest<{ Querystring: ProviderQuery }>) =>
    ensurePermission(
      permissions,
      request,
      targetOf(request).tenantId === null
        ? FeatureManagementPermissions.ManageHostFeatures
        : TenantManagementPermissions.Tenants.ManageFeatures,
    );

  app.get(
    path,
    {
      preHandler: authorize,
      schema: { tags, querystring: ProviderQuery, response: { 200: GetFeatureListResultDto } },
    },
    (request) => service.getList(targetOf(request), request.culture),
  );

  app.put(
    path,
    {
      preHandler: authorize,
      schema: { tags, querystring: ProviderQuery, body: UpdateFeaturesDto },
    },
    async (request, reply) => {
      await service.update(targetOf(request), request.body.features);
      return reply.status(204).send();
    },
  );

  app.delete(
    path,
    { preHandler: authorize, schema: { tags, querystring: ProviderQuery } },
    async (request, reply) => {
      await service.reset(targetOf(request));
      return reply.status(204).send();
    },
  );
};
