import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import type { IdentityRoleRow } from './roles.repository.js';

/** Extra properties are stored as JSON text; a damaged value reads as none rather than failing. */
export function parseExtraProperties(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export const toIdentityRoleDto = (role: IdentityRoleRow): IdentityRoleDto => ({
  id: role.id,
  name: role.name,
  isDefault: role.isDefault,
  isStatic: role.isStatic,
  isPublic: role.isPublic,
  concurrencyStamp: role.concurrencyStamp,
  extraProperties: parseExtraProperties(role.extraProperties),
});
