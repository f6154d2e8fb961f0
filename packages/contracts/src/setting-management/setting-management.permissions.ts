/** ABP's `SettingManagementPermissions`. */
export const SettingManagementPermissions = {
  GroupName: 'SettingManagement',
  Emailing: 'SettingManagement.Emailing',
  EmailingTest: 'SettingManagement.Emailing.Test',
} as const;
