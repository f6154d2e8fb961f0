import type { Generated } from 'kysely';
import type {
  AuditedColumns,
  ExtensibleColumns,
  SoftDeleteColumns,
} from '../../platform/data/entity-columns.js';

export interface TenantsTable extends ExtensibleColumns, AuditedColumns, SoftDeleteColumns {
  id: string;
  name: string;
  normalizedName: string;
  isActive: Generated<boolean>;
}

interface TenantConnectionStringsTable {
  tenantId: string;
  name: string;
  value: string;
}

export interface TenantManagementTables {
  tenants: TenantsTable;
  tenantConnectionStrings: TenantConnectionStringsTable;
}
