import { administrationRouteName, type RouteEntry } from '#src/core/routing/route-entry';

export const identityManagementRouteName = 'AbpIdentity::Menu:IdentityManagement';

export const identityRoutes: RouteEntry[] = [
  {
    name: identityManagementRouteName,
    parentName: administrationRouteName,
    order: 1,
    iconClass: 'id-card',
    requiredPolicy: 'AbpIdentity.Roles || AbpIdentity.Users || AbpIdentity.SecurityLogs',
  },
  { name: 'Identity', path: '/identity', invisible: true, redirectTo: '/identity/roles' },
  {
    name: 'AbpIdentity::Roles',
    parentName: identityManagementRouteName,
    path: '/identity/roles',
    order: 1,
    layout: 'application',
    requiredPolicy: 'AbpIdentity.Roles',
    guards: ['authenticated'],
    page: () => import('./roles/roles-page').then((module) => ({ Component: module.RolesPage })),
  },
  {
    name: 'AbpIdentity::Users',
    parentName: identityManagementRouteName,
    path: '/identity/users',
    order: 2,
    layout: 'application',
    requiredPolicy: 'AbpIdentity.Users',
    guards: ['authenticated'],
    page: () => import('./users/users-page').then((module) => ({ Component: module.UsersPage })),
  },
  {
    name: 'AbpIdentity::SecurityLogs',
    parentName: identityManagementRouteName,
    path: '/identity/security-logs',
    order: 3,
    layout: 'application',
    requiredPolicy: 'AbpIdentity.SecurityLogs',
    guards: ['authenticated'],
    page: () =>
      import('./security-logs/security-logs-page').then((module) => ({
        Component: module.SecurityLogsPage,
      })),
  },
];
