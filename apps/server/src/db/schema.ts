import type { AuthServerTables } from '../modules/auth-server/auth-server.tables.js';
import type { IdentityTables } from '../modules/identity/identity.tables.js';
import type { TenantManagementTables } from '../modules/tenant-management/tenant-management.tables.js';
import type {
  PermissionGrantSeedsTable,
  PermissionGrantsTable,
} from '../platform/authorization/permission-grants.tables.js';
import type { DataFilterTables } from '../platform/data/data-filter-plugin.js';
import type { FeatureValuesTable } from '../platform/features/feature-values.tables.js';
import type { MailOutboxTable } from '../platform/mail/mail-outbox.tables.js';
import type { SecurityLogsTable } from '../platform/security-log/security-logs.tables.js';
import type { SettingsTable } from '../platform/settings/settings.tables.js';

/** Every table, as the code names it (camelCase; the database uses snake_case). */
export interface Database extends IdentityTables, TenantManagementTables, AuthServerTables {
  permissionGrants: PermissionGrantsTable;
  permissionGrantSeeds: PermissionGrantSeedsTable;
  settings: SettingsTable;
  featureValues: FeatureValuesTable;
  securityLogs: SecurityLogsTable;
  mailOutbox: MailOutboxTable;
}

type TableName = keyof Database;

/** Which tables the data filters guard; a schema test checks these against the migrated columns. */
export const dataFilterTables: DataFilterTables = {
  multiTenant: new Set<TableName>([
    'identityUsers',
    'identityUserSearchMatches',
    'identityRoles',
    'identityUserRoles',
    'identityUserClaims',
    'identityRoleClaims',
    'permissionGrants',
    'permissionGrantSeeds',
    'securityLogs',
    'mailOutbox',
  ]),
  softDelete: new Set<TableName>(['identityUsers', 'identityUserSearchMatches', 'tenants']),
};

/** Boolean columns, which SQLite returns as 0 and 1; also checked by the schema test. */
export const booleanColumns: ReadonlySet<string> = new Set([
  'isActive',
  'isDeleted',
  'emailConfirmed',
  'isExternal',
  'phoneNumberConfirmed',
  'twoFactorEnabled',
  'lockoutEnabled',
  'isDefault',
  'isStatic',
  'isPublic',
]);
