import { normalize } from '../../platform/data/audit.js';
import { TenantManagementErrors } from './tenant-management.errors.js';
import type { TenantsRepository } from './tenants.repository.js';

/**
 * ABP's `TenantManager`: a tenant's name is unique, case-insensitively, among live tenants (a
 * deleted tenant's name can be taken again, ABP issue #2757). The partial unique index on
 * `normalized_name` backs this check against two concurrent creations.
 */
export function createTenantManager(repository: TenantsRepository) {
  return {
    /** The name as stored, and its normalized form; throws when another live tenant has it. */
    async checkName(name: string, exceptId?: string) {
      const trimmed = name.trim();
      const normalizedName = normalize(trimmed);
      const existing = await repository.findByNormalizedName(normalizedName);
      if (existing && existing.id !== exceptId)
        throw TenantManagementErrors.duplicateTenantName(trimmed);
      return { name: trimmed, normalizedName };
    },
  };
}

/** Both engines' unique-violation errors: the index caught what the check could not see. */
export function isUniqueViolation(error: unknown): boolean {
  const details = error as { code?: unknown; message?: unknown };
  return (
    details?.code === '23505' ||
    details?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof details?.message === 'string' && details.message.includes('UNIQUE constraint failed'))
  );
}

export type TenantManager = ReturnType<typeof createTenantManager>;
