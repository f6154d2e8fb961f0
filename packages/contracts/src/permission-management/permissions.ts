import { z } from 'zod';
import { IdentityRoleLimits } from '../identity/identity.limits.js';

/** Permission value providers: role (key = role name), user (key = user id), OAuth client. */
export const PermissionProviderNames = { Role: 'R', User: 'U', Client: 'C' } as const;

/**
 * ABP's `PermissionGrantConsts` / `PermissionDefinitionRecordConsts`, but for the provider key:
 * a role's grants are keyed by its name, which may have 256 characters (ABP's 64 left a role with
 * a longer name without any permission).
 */
export const PermissionLimits = {
  maxNameLength: 128,
  maxProviderNameLength: 64,
  maxProviderKeyLength: IdentityRoleLimits.maxNameLength,
} as const;

export const ProviderInfoDto = z
  .object({ providerName: z.string(), providerKey: z.string() })
  .meta({ id: 'ProviderInfoDto' });
export type ProviderInfoDto = z.infer<typeof ProviderInfoDto>;

export const PermissionGrantInfoDto = z
  .object({
    name: z.string(),
    displayName: z.string(),
    parentName: z.string().nullable(),
    isGranted: z.boolean(),
    allowedProviders: z.array(z.string()),
    grantedProviders: z.array(ProviderInfoDto),
  })
  .meta({ id: 'PermissionGrantInfoDto' });
export type PermissionGrantInfoDto = z.infer<typeof PermissionGrantInfoDto>;

export const PermissionGroupDto = z
  .object({
    name: z.string(),
    displayName: z.string(),
    displayNameKey: z.string().nullish(),
    displayNameResource: z.string().nullish(),
    permissions: z.array(PermissionGrantInfoDto),
  })
  .meta({ id: 'PermissionGroupDto' });
export type PermissionGroupDto = z.infer<typeof PermissionGroupDto>;

/** Answer of `GET /api/permission-management/permissions`. */
export const GetPermissionListResultDto = z
  .object({ entityDisplayName: z.string(), groups: z.array(PermissionGroupDto) })
  .meta({ id: 'GetPermissionListResultDto' });
export type GetPermissionListResultDto = z.infer<typeof GetPermissionListResultDto>;

export const UpdatePermissionDto = z
  .object({
    name: z.string().min(1).max(PermissionLimits.maxNameLength),
    isGranted: z.boolean(),
  })
  .meta({ id: 'UpdatePermissionDto' });
export type UpdatePermissionDto = z.infer<typeof UpdatePermissionDto>;

/** Body of `PUT /api/permission-management/permissions`: only the changed permissions. */
export const UpdatePermissionsDto = z
  .object({ permissions: z.array(UpdatePermissionDto) })
  .meta({ id: 'UpdatePermissionsDto' });
export type UpdatePermissionsDto = z.infer<typeof UpdatePermissionsDto>;

/** Query of `GET` and `PUT /api/permission-management/permissions`. */
export const PermissionProviderQuery = z.object({
  providerName: z.string().min(1).max(PermissionLimits.maxProviderNameLength),
  providerKey: z.string().min(1).max(PermissionLimits.maxProviderKeyLength),
});
export type PermissionProviderQuery = z.infer<typeof PermissionProviderQuery>;
