import { administrationRoute } from '#src/core/routing/administration';
import type { RouteEntry } from '#src/core/routing/route-entry';
import { accountRoutes } from '#src/modules/account/account.routes';
import { adminRoutes } from '#src/modules/admin/admin.routes';
import { homeRoutes } from '#src/modules/home/home.routes';
import { identityRoutes } from '#src/modules/identity/identity.routes';
import { settingManagementRoutes } from '#src/modules/setting-management/setting-management.routes';
import { tenantManagementRoutes } from '#src/modules/tenant-management/tenant-management.routes';

/** The one route registry: menus, breadcrumbs, guards and the router read it. */
export const routeEntries: readonly RouteEntry[] = [
  ...homeRoutes,
  ...adminRoutes,
  administrationRoute,
  ...identityRoutes,
  ...tenantManagementRoutes,
  ...settingManagementRoutes,
  ...accountRoutes,
];
