/** ABP's `TenantManagementPermissions` (all host-side). */
export const TenantManagementPermissions = {
  GroupName: 'AbpTenantManagement',
  Tenants: {
    Default: 'AbpTenantManagement.Tenants',
    Create: 'AbpTenantManagement.Tenants.Create',
    Update: 'AbpTenantManagement.Tenants.Update',
    Delete: 'AbpTenantManagement.Tenants.Delete',
    ManageFeatures: 'AbpTenantManagement.Tenants.ManageFeatures',
    ManageConnectionStrings: 'AbpTenantManagement.Tenants.ManageConnectionStrings',
  },
} as const;
