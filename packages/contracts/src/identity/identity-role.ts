import { z } from 'zod';
import {
  ExtraPropertyDictionary,
  extensibleInputShape,
  Guid,
  UpdateConcurrencyStamp,
} from '../common/entity.js';
import { requiredName } from '../common/fields.js';
import { GetListWithFilterInput } from '../common/paged.js';
import { IdentityRoleLimits } from './identity.limits.js';

/** ABP's `IdentityRoleDto`. Roles are not audited nor soft-deleted. */
export const IdentityRoleDto = z
  .object({
    id: Guid,
    name: z.string(),
    isDefault: z.boolean(),
    isStatic: z.boolean(),
    isPublic: z.boolean(),
    concurrencyStamp: z.string(),
    extraProperties: ExtraPropertyDictionary,
  })
  .meta({ id: 'IdentityRoleDto' });
export type IdentityRoleDto = z.infer<typeof IdentityRoleDto>;

const identityRoleInputShape = {
  name: requiredName(IdentityRoleLimits.maxNameLength),
  ...extensibleInputShape,
};

export const IdentityRoleCreateDto = z
  .object({
    ...identityRoleInputShape,
    isDefault: z.boolean().default(false),
    isPublic: z.boolean().default(false),
  })
  .meta({ id: 'IdentityRoleCreateDto' });
export type IdentityRoleCreateDto = z.infer<typeof IdentityRoleCreateDto>;

export const IdentityRoleUpdateDto = z
  .object({
    ...identityRoleInputShape,
    /** Absent: unchanged (ABP's C# DTO would read an absent flag as false and clear it). */
    isDefault: z.boolean().optional(),
    isPublic: z.boolean().optional(),
    concurrencyStamp: UpdateConcurrencyStamp,
  })
  .meta({ id: 'IdentityRoleUpdateDto' });
export type IdentityRoleUpdateDto = z.infer<typeof IdentityRoleUpdateDto>;

/** Query of `GET /api/identity/roles`. */
export const GetIdentityRolesInput = GetListWithFilterInput;
export type GetIdentityRolesInput = z.infer<typeof GetIdentityRolesInput>;
