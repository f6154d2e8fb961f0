import type { PermissionGroupInput } from '../../platform/authorization/permission-definitions.js';

const text = (key: string) => ({ resource: 'AbpTenantManagement', key });

/** Host side only: tenants never see or grant these. */
export const tenantManagementPermissions: PermissionGroupInput = {
  name: 'AbpTenantManagement',
  displayName: text('Permission:TenantManagement'),
  side: 'host',
  permissions: [
    {
      name: 'AbpTenantManagement.Tenants',
      displayName: text('Permission:TenantManagement'),
      children: [
        { name: 'AbpTenantManagement.Tenants.Create', displayName: text('Permission:Create') },
        { name: 'AbpTenantManagement.Tenants.Update', displayName: text('Permission:Edit') },
        { name: 'AbpTenantManagement.Tenants.Delete', displayName: text('Permission:Delete') },
        {
          name: 'AbpTenantManagement.Tenants.ManageFeatures',
          displayName: text('Permission:ManageFeatures'),
        },
        {
          name: 'AbpTenantManagement.Tenants.ManageConnectionStrings',
          displayName: text('Permission:ManageConnectionStrings'),
        },
      ],
    },
  ],
};
