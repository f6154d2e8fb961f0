import { normalize } from '../../platform/data/audit.js';
import { BusinessError } from '../../platform/errors/business-error.js';
import type { TenantsRepository } from './tenants.repository.js';

export const DUPLICATE_TENANT_NAME = 'Volo.Abp.TenantManagement:DuplicateTenantName';

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
      if (existing && existing.id !== exceptId) throw duplicateName(trimmed);
      return { name: trimmed, normalizedName };
    },
  };
}

/**
 * A business error, so 403 as in ABP (and as identity answers a taken user or role name); 409 is
 * kept for a stale concurrency stamp (DESIGN.md).
 */
export const duplicateName = (name: string) =>
  new BusinessError(DUPLICATE_TENANT_NAME, { status: 403, data: { 0: name, Name: name } });

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
