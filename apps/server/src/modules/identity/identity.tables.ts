import type { Generated, Selectable } from 'kysely';
import type {
  AuditedColumns,
  ExtensibleColumns,
  MultiTenantColumn,
  SoftDeleteColumns,
} from '../../platform/data/entity-columns.js';

export interface IdentityUsersTable
  extends ExtensibleColumns,
    AuditedColumns,
    SoftDeleteColumns,
    MultiTenantColumn {
  id: string;
  userName: string;
  normalizedUserName: string;
  name: string | null;
  surname: string | null;
  email: string;
  normalizedEmail: string;
  emailConfirmed: Generated<boolean>;
  passwordHash: string | null;
  securityStamp: string;
  isExternal: Generated<boolean>;
  phoneNumber: string | null;
  phoneNumberConfirmed: Generated<boolean>;
  isActive: Generated<boolean>;
  twoFactorEnabled: Generated<boolean>;
  lockoutEnd: string | null;
  lockoutEnabled: Generated<boolean>;
  accessFailedCount: Generated<number>;
  /** Folded user name, e-mail, name, surname and phone for "contains" filters (users.repository). */
  searchText: Generated<string>;
}

/** A user as read from its table. */
export type IdentityUserRow = Selectable<IdentityUsersTable>;

/**
 * A view of the users (migration 202611261700) whose tenant column no index serves: the users
 * list reads trigram-index matches through it on PostgreSQL (user-list.repository.ts).
 */
type IdentityUserSearchMatchesView = Omit<IdentityUsersTable, 'passwordHash' | 'securityStamp'>;

export interface IdentityRolesTable extends ExtensibleColumns, MultiTenantColumn {
  id: string;
  name: string;
  normalizedName: string;
  isDefault: Generated<boolean>;
  isStatic: Generated<boolean>;
  isPublic: Generated<boolean>;
  creationTime: string;
}

interface IdentityUserRolesTable extends MultiTenantColumn {
  userId: string;
  roleId: string;
}

interface IdentityUserClaimsTable extends MultiTenantColumn {
  id: string;
  userId: string;
  claimType: string;
  claimValue: string | null;
}

interface IdentityRoleClaimsTable extends MultiTenantColumn {
  id: string;
  roleId: string;
  claimType: string;
  claimValue: string | null;
}

export interface IdentityTables {
  identityUsers: IdentityUsersTable;
  identityUserSearchMatches: IdentityUserSearchMatchesView;
  identityRoles: IdentityRolesTable;
  identityUserRoles: IdentityUserRolesTable;
  identityUserClaims: IdentityUserClaimsTable;
  identityRoleClaims: IdentityRoleClaimsTable;
}
