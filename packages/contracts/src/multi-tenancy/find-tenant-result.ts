import { z } from 'zod';
import { Guid } from '../common/entity.js';

/**
 * Answer of `GET /api/abp/multi-tenancy/tenants/by-name/{name}` and `…/by-id/{id}`. An unknown
 * tenant is `{ success: false, tenantId: null, name: null, normalizedName: null, isActive: false }`,
 * not a 404. `normalizedName` came with ABP 8.
 */
export const FindTenantResultDto = z
  .object({
    success: z.boolean(),
    tenantId: Guid.nullable(),
    name: z.string().nullable(),
    normalizedName: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'FindTenantResultDto' });
export type FindTenantResultDto = z.infer<typeof FindTenantResultDto>;
