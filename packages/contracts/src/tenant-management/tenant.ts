import { z } from 'zod';
import {
  ExtraPropertyDictionary,
  extensibleInputShape,
  Guid,
  UpdateConcurrencyStamp,
} from '../common/entity.js';
import { emailAddress, requiredName, requiredString } from '../common/fields.js';
import { GetListWithFilterInput } from '../common/paged.js';
import { IdentityUserLimits } from '../identity/identity.limits.js';

/** ABP's `TenantConsts` and `TenantConnectionStringConsts`. */
export const TenantLimits = {
  maxNameLength: 64,
  maxConnectionStringLength: 1024,
} as const;

export const TenantDto = z
  .object({
    id: Guid,
    name: z.string(),
    isActive: z.boolean(),
    concurrencyStamp: z.string(),
    extraProperties: ExtraPropertyDictionary,
  })
  .meta({ id: 'TenantDto' });
export type TenantDto = z.infer<typeof TenantDto>;

/**
 * Body of `POST /api/multi-tenancy/tenants`. The admin e-mail and password seed the tenant's
 * `admin` user; the password complexity is checked by the server.
 */
export const TenantCreateDto = z
  .object({
    name: requiredName(TenantLimits.maxNameLength),
    adminEmailAddress: emailAddress(IdentityUserLimits.maxEmailLength),
    adminPassword: requiredString(IdentityUserLimits.maxPasswordLength),
    isActive: z.boolean().default(true),
    ...extensibleInputShape,
  })
  .meta({ id: 'TenantCreateDto' });
export type TenantCreateDto = z.infer<typeof TenantCreateDto>;

/** Body of `PUT /api/multi-tenancy/tenants/{id}`; `isActive` absent = unchanged. */
export const TenantUpdateDto = z
  .object({
    name: requiredName(TenantLimits.maxNameLength),
    isActive: z.boolean().optional(),
    concurrencyStamp: UpdateConcurrencyStamp,
    ...extensibleInputShape,
  })
  .meta({ id: 'TenantUpdateDto' });
export type TenantUpdateDto = z.infer<typeof TenantUpdateDto>;

/** Query of `GET /api/multi-tenancy/tenants` (ABP sorts by `name` by default). */
export const GetTenantsInput = GetListWithFilterInput;
export type GetTenantsInput = z.infer<typeof GetTenantsInput>;

/**
 * Query of `PUT /api/multi-tenancy/tenants/{id}/default-connection-string` (the value travels in
 * the query string, there is no body; `GET` answers it as plain text).
 */
export const UpdateDefaultConnectionStringInput = z.object({
  defaultConnectionString: requiredString(TenantLimits.maxConnectionStringLength),
});
export type UpdateDefaultConnectionStringInput = z.infer<typeof UpdateDefaultConnectionStringInput>;

/**
 * Key of the application configuration's `extraProperties` that names the engine a tenant's own
 * database must use (`sqlite` or `postgres`, the shared database's), so that the connection-string
 * form asks for what this deployment accepts. Sent only to those who may manage connection strings.
 */
export const TenantDatabaseEngineProperty = 'TenantManagement.DatabaseEngine';
