import type { AppDataContext } from '../../db/database.js';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import type { Cache } from '../../platform/caching/cache.js';
import type { PasswordHasher } from '../../platform/security/password-hashing/password-hasher.js';
import type { SecurityLogRepository } from '../../platform/security-log/security-log.repository.js';
import type { SettingManager } from '../../platform/settings/setting-manager.js';
import type { IdentityChanges } from './identity-changes.js';
import { createPrivilegeCeiling } from './privilege-ceiling.js';
import type { RolesRepository } from './roles/roles.repository.js';
import { createRolesService } from './roles/roles.service.js';
import { createSecurityLogsService } from './security-logs/security-logs.service.js';
import type { UserCounts } from './users/user-counts.js';
import { createUserListRepository } from './users/user-list.repository.js';
import { createUserListService, type GramChoice } from './users/user-list.service.js';
import { createUserManager, type PasswordValidator } from './users/user-manager.js';
import { createUserQueries } from './users/user-queries.service.js';
import type { UsersRepository } from './users/users.repository.js';
import { createUsersService } from './users/users.service.js';

/**
 * The identity module's services from their dependencies, so the composition root adds
 * one call. `userCounts` holds the users list's totals: give the users repository
 * `onListChanged: userCounts.invalidate` so that every write drops its tenant's.
 */
export function createIdentityServices(deps: {
  data: AppDataContext;
  users: UsersRepository;
  roles: RolesRepository;
  hasher: PasswordHasher;
  passwordValidator: PasswordValidator;
  settings: SettingManager;
  permissions: PermissionChecker;
  changes: IdentityChanges;
  userCounts: UserCounts;
  /** The platform's security log, which the sign-in and account code write. */
  securityLogs: SecurityLogRepository;
  /**
   * The users list's planner statistics per tenant, never invalidated: trigram frequencies, and
   * the trigrams chosen for filter words.
   */
  userSearchStatistics: { frequencies: Cache<number>; choices: Cache<GramChoice> };
}) {
  const { data, users, roles, permissions, changes } = deps;
  const manager = createUserManager({ users, roles });
  const ceiling = createPrivilegeCeiling({ users, permissions });
  const userList = createUserListService({
    list: createUserListRepository(data),
    counts: deps.userCounts,
    gramFrequencies: deps.userSearchStatistics.frequencies,
    gramChoices: deps.userSearchStatistics.choices,
  });
  return {
    /** ABP's `IdentityUserManager`: how the account module and the sign-in server reach users. */
    userManager: manager,
    roles: createRolesService({ data, roles, users, permissions, changes, ceiling }),
    users: createUsersService({
      data,
      users,
      manager,
      hasher: deps.hasher,
      passwordValidator: deps.passwordValidator,
      settings: deps.settings,
      permissions,
      changes,
      ceiling,
    }),
    /** What a caller may hand out (privilege-ceiling.ts); permission management asks it too. */
    ceiling,
    userQueries: createUserQueries({ users, roles, list: userList, ceiling }),
    securityLogs: createSecurityLogsService(deps.securityLogs),
  };
}

export type IdentityServices = ReturnType<typeof createIdentityServices>;

export { toIdentityUserDto, toUserData } from './users/identity-user-dto.js';
// What other modules use of identity's users, so that they import this file only.
export type { UserManager } from './users/user-manager.js';
