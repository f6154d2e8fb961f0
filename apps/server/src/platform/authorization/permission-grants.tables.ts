import type { MultiTenantColumn } from '../data/entity-columns.js';

/** ABP's `AbpPermissionGrants`: provider `R` keyed by role name, `U` by user id. */
export interface PermissionGrantsTable extends MultiTenantColumn {
  id: string;
  name: string;
  providerName: string;
  providerKey: string;
}

/**
 * A grant the data seed has made (of a permission to the admin role), kept after the grant is
 * taken away, so that the seed makes each grant only once.
 */
export interface PermissionGrantSeedsTable extends MultiTenantColumn {
  id: string;
  name: string;
  providerName: string;
  providerKey: string;
}
