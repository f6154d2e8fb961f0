/**
 * ABP's `SettingManagementFeatures`. `Enable` defaults to `"true"` and hides the Settings page
 * when `"false"` (case-insensitive); `AllowChangingEmailSettings` defaults to `"false"` and is
 * not available to the host.
 */
export const SettingManagementFeatures = {
  GroupName: 'SettingManagement',
  Enable: 'SettingManagement.Enable',
  AllowChangingEmailSettings: 'SettingManagement.AllowChangingEmailSettings',
} as const;
