import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import { parseExtraProperties } from '../../../platform/data/extra-properties.js';
import type { IdentityRoleRow } from './roles.repository.js';

export const toIdentityRoleDto = (role: IdentityRoleRow): IdentityRoleDto => ({
  id: role.id,
  name: role.name,
  isDefault: role.isDefault,
  isStatic: role.isStatic,
  isPublic: role.isPublic,
  concurrencyStamp: role.concurrencyStamp,
  extraProperties: parseExtraProperties(role.extraProperties),
});
