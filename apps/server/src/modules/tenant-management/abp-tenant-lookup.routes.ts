import { FindTenantResultDto } from '@vineta/contracts/multi-tenancy/find-tenant-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalize } from '../../platform/data/audit.js';
import type { TenantInfo, TenantStore } from '../../platform/multi-tenancy/tenant-store.js';

const toResult = (tenant: TenantInfo | undefined): FindTenantResultDto =>
  tenant
    ? {
        success: true,
        tenantId: tenant.id,
        name: tenant.name,
        normalizedName: normalize(tenant.name),
        isActive: tenant.isActive,
      }
    : { success: false, tenantId: null, name: null, normalizedName: null, isActive: false };

/** ABP's anonymous tenant lookups, which the tenant switch box calls with an empty tenant header. */
export const abpTenantLookupRoutes: FastifyPluginAsyncZod<{ store: TenantStore }> = async (
  app,
  { store },
) => {
  const tags = ['AbpTenant'];
  app.get(
    '/api/abp/multi-tenancy/tenants/by-name/:name',
    {
      schema: {
        tags,
        params: z.object({ name: z.string().min(1).max(64) }),
        response: { 200: FindTenantResultDto },
      },
    },
    async (request) => toResult(await store.findByName(request.params.name)),
  );
  app.get(
    '/api/abp/multi-tenancy/tenants/by-id/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: FindTenantResultDto },
      },
    },
    async (request) => toResult(await store.findById(request.params.id.toLowerCase())),
  );
};
