import type { SettingDefinitionInput } from '../../platform/settings/setting-definitions.js';

const visible = (name: string, defaultValue: string): SettingDefinitionInput => ({
  name,
  defaultValue,
  isVisibleToClients: true,
  displayName: { resource: 'AbpIdentity', key: `DisplayName:${name}` },
});

/** ABP's identity settings with ABP's defaults (`True`/`False` as .NET writes them). */
export const identitySettings: SettingDefinitionInput[] = [
  visible('Abp.Identity.Password.RequiredLength', '6'),
  visible('Abp.Identity.Password.RequiredUniqueChars', '1'),
  visible('Abp.Identity.Password.RequireNonAlphanumeric', 'True'),
  visible('Abp.Identity.Password.RequireLowercase', 'True'),
  visible('Abp.Identity.Password.RequireUppercase', 'True'),
  visible('Abp.Identity.Password.RequireDigit', 'True'),
  visible('Abp.Identity.Lockout.AllowedForNewUsers', 'True'),
  visible('Abp.Identity.Lockout.LockoutDuration', '300'),
  visible('Abp.Identity.Lockout.MaxFailedAccessAttempts', '5'),
  visible('Abp.Identity.SignIn.RequireConfirmedEmail', 'False'),
  visible('Abp.Identity.SignIn.EnablePhoneNumberConfirmation', 'True'),
  visible('Abp.Identity.SignIn.RequireConfirmedPhoneNumber', 'False'),
  visible('Abp.Identity.User.IsUserNameUpdateEnabled', 'True'),
  visible('Abp.Identity.User.IsEmailUpdateEnabled', 'True'),
];
