import type { SettingDefinitionInput } from '../settings/setting-definitions.js';

export const DEFAULT_LANGUAGE_SETTING = 'Abp.Localization.DefaultLanguage';
const TIME_ZONE_SETTING = 'Abp.Timing.TimeZone';

export const localizationSettings: SettingDefinitionInput[] = [
  {
    name: DEFAULT_LANGUAGE_SETTING,
    defaultValue: 'es-MX',
    isVisibleToClients: true,
    displayName: { resource: 'Vineta', key: `DisplayName:${DEFAULT_LANGUAGE_SETTING}` },
  },
  {
    name: TIME_ZONE_SETTING,
    defaultValue: 'UTC',
    isVisibleToClients: true,
    displayName: { resource: 'Vineta', key: `DisplayName:${TIME_ZONE_SETTING}` },
  },
];
