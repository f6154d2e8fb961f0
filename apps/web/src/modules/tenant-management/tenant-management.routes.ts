import { administrationRouteName, type RouteEntry } from '#src/core/routing/route-entry';

export const tenantManagementRouteName = 'AbpTenantManagement::Menu:TenantManagement';

export const tenantManagementRoutes: RouteEntry[] = [
  {
    name: tenantManagementRouteName,
    parentName: administrationRouteName,
    order: 2,
    iconClass: 'users',
    requiredPolicy: 'AbpTenantManagement.Tenants',
  },
  {
    name: 'TenantManagement',
    path: '/tenant-management',
    invisible: true,
    redirectTo: '/tenant-management/tenants',
  },
  {
    name: 'AbpTenantManagement::Tenants',
    parentName: tenantManagementRouteName,
    path: '/tenant-management/tenants',
    order: 1,
    layout: 'application',
    requiredPolicy: 'AbpTenantManagement.Tenants',
    guards: ['authenticated'],
    page: () => import('./tenants-page').then((module) => ({ Component: module.TenantsPage })),
  },
];
