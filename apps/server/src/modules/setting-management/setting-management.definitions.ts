import type { PermissionGroupInput } from '../../platform/authorization/permission-definitions.js';
import type { FeatureGroupInput } from '../../platform/features/feature-definitions.js';

const text = (key: string) => ({ resource: 'AbpSettingManagement', key });

export const settingManagementPermissions: PermissionGroupInput = {
  name: 'SettingManagement',
  displayName: text('Permission:SettingManagement'),
  permissions: [
    {
      name: 'SettingManagement.Emailing',
      displayName: text('Permission:Emailing'),
      // ABP 5+: a tenant manages its own SMTP only when the host allows it.
      requiredFeatures: {
        names: ['SettingManagement.AllowChangingEmailSettings'],
        tenantsOnly: true,
      },
      children: [
        { name: 'SettingManagement.Emailing.Test', displayName: text('Permission:EmailingTest') },
      ],
    },
  ],
};

/** ABP 5+'s features: the settings screen on or off, and whether a tenant may set its own SMTP. */
export const settingManagementFeatures: FeatureGroupInput = {
  name: 'SettingManagement',
  displayName: text('Feature:SettingManagementGroup'),
  features: [
    {
      name: 'SettingManagement.Enable',
      defaultValue: 'true',
      displayName: text('Feature:SettingManagementEnable'),
      description: text('Feature:SettingManagementEnableDescription'),
      valueType: { name: 'ToggleStringValueType', validator: { name: 'BOOLEAN' } },
      children: [
        {
          name: 'SettingManagement.AllowChangingEmailSettings',
          defaultValue: 'false',
          displayName: text('Feature:AllowChangingEmailSettings'),
          description: text('Feature:AllowChangingEmailSettingsDescription'),
          valueType: { name: 'ToggleStringValueType', validator: { name: 'BOOLEAN' } },
          isAvailableToHost: false,
        },
      ],
    },
  ],
};
