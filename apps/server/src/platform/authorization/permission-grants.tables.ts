import type { MultiTenantColumn } from '../data/entity-columns.js';

/** ABP's `AbpPermissionGrants`: provider `R` keyed by role name, `U` by user id. */
export interface PermissionGrantsTable extends MultiTenantColumn {
  id: string;
  name: string;
  providerName: string;
  providerKey: string;
}
