/** ABP's `FeatureManagementPermissions` (host-side). */
export const FeatureManagementPermissions = {
  GroupName: 'FeatureManagement',
  ManageHostFeatures: 'FeatureManagement.ManageHostFeatures',
} as const;
