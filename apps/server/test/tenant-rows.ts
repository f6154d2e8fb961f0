import { creationAudit, newConcurrencyStamp, normalize } from '../src/platform/data/audit.js';

/**
 * A `tenants` row as the tenants service would write it (normalized name, fresh stamp, creation
 * audit), for tests that insert tenants below the service; `overrides` may set any column.
 */
export function newTenantRow<T extends Record<string, unknown> = Record<string, never>>(
  id: string,
  name: string,
  overrides: T = {} as T,
) {
  return {
    id,
    name,
    normalizedName: normalize(name),
    concurrencyStamp: newConcurrencyStamp(),
    ...creationAudit(),
    ...overrides,
  };
}
