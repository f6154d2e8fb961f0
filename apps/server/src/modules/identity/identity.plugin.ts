import type { FastifyPluginAsync } from 'fastify';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import { rolesRoutes } from './roles/roles.routes.js';
import type { RolesService } from './roles/roles.service.js';
import { securityLogsRoutes } from './security-logs/security-logs.routes.js';
import type { SecurityLogsService } from './security-logs/security-logs.service.js';
import { userLookupRoutes } from './users/user-lookup.routes.js';
import type { UserQueries } from './users/user-queries.service.js';
import { usersRoutes } from './users/users.routes.js';
import type { UsersService } from './users/users.service.js';

interface IdentityPluginOptions {
  roles: RolesService;
  users: UsersService;
  userQueries: UserQueries;
  securityLogs: SecurityLogsService;
  permissions: PermissionChecker;
}

/** ABP's identity administration API: roles, users, the user lookup and the security log. */
export const identityPlugin: FastifyPluginAsync<IdentityPluginOptions> = async (app, options) => {
  const { permissions } = options;
  await app.register(rolesRoutes, { roles: options.roles, permissions });
  await app.register(usersRoutes, {
    users: options.users,
    queries: options.userQueries,
    permissions,
  });
  await app.register(userLookupRoutes, { queries: options.userQueries, permissions });
  await app.register(securityLogsRoutes, { securityLogs: options.securityLogs, permissions });
};
