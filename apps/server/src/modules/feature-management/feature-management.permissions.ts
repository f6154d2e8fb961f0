import type { PermissionGroupInput } from '../../platform/authorization/permission-definitions.js';

export const featureManagementPermissions: PermissionGroupInput = {
  name: 'FeatureManagement',
  displayName: { resource: 'AbpFeatureManagement', key: 'Permission:FeatureManagement' },
  side: 'host',
  permissions: [
    {
      name: 'FeatureManagement.ManageHostFeatures',
      displayName: {
        resource: 'AbpFeatureManagement',
        key: 'Permission:FeatureManagement.ManageHostFeatures',
      },
    },
  ],
};
