import type { Migration } from 'kysely';
import * as createInitialSchema from './migrations/202611220100-create-initial-schema.js';
import * as createMailOutbox from './migrations/202611220200-create-mail-outbox.js';
import * as createAuthServerTables from './migrations/202611220300-create-auth-server-tables.js';
import * as encryptTenantConnectionStrings from './migrations/202611221000-encrypt-tenant-connection-strings.js';
import * as identityUserSearch from './migrations/202611221100-identity-user-search.js';
import * as usersSearchTextWithoutStatistics from './migrations/202611261200-users-search-text-without-statistics.js';
import * as identityUserSearchMatches from './migrations/202611261700-identity-user-search-matches.js';
import * as permissionGrantRoleNames from './migrations/202611271400-permission-grant-role-names.js';
import * as identityUserForeignPasswordHashes from './migrations/202611281400-identity-user-foreign-password-hashes.js';
import * as identityUserStateIndexes from './migrations/202611301000-identity-user-state-indexes.js';
import * as securityLogListIndexes from './migrations/202612011200-security-log-list-indexes.js';
import * as permissionGrantSeeds from './migrations/202612012300-permission-grant-seeds.js';
import * as securityLogNormalizedUserNames from './migrations/202612070900-security-log-normalized-user-names.js';

/**
 * Every migration, by name; Kysely runs them in name order. Listed statically (not read from the
 * folder) so that the same list works from TypeScript sources in tests and from the built files.
 */
export const migrations: Record<string, Migration> = {
  '202611220100-create-initial-schema': createInitialSchema,
  '202611220200-create-mail-outbox': createMailOutbox,
  '202611220300-create-auth-server-tables': createAuthServerTables,
  '202611221000-encrypt-tenant-connection-strings': encryptTenantConnectionStrings,
  '202611221100-identity-user-search': identityUserSearch,
  '202611261200-users-search-text-without-statistics': usersSearchTextWithoutStatistics,
  '202611261700-identity-user-search-matches': identityUserSearchMatches,
  '202611271400-permission-grant-role-names': permissionGrantRoleNames,
  '202611281400-identity-user-foreign-password-hashes': identityUserForeignPasswordHashes,
  '202611301000-identity-user-state-indexes': identityUserStateIndexes,
  '202612011200-security-log-list-indexes': securityLogListIndexes,
  '202612012300-permission-grant-seeds': permissionGrantSeeds,
  '202612070900-security-log-normalized-user-names': securityLogNormalizedUserNames,
};
