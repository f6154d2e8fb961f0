import type { SettingDefinitionInput } from '../../platform/settings/setting-definitions.js';

/** Both on unless set to 'false' (case-insensitive), as the web app reads them. */
export const accountSettings: SettingDefinitionInput[] = [
  {
    name: 'Abp.Account.IsSelfRegistrationEnabled',
    defaultValue: 'true',
    isVisibleToClients: true,
    displayName: { resource: 'Vineta', key: 'DisplayName:Abp.Account.IsSelfRegistrationEnabled' },
  },
  {
    name: 'Abp.Account.EnableLocalLogin',
    defaultValue: 'true',
    isVisibleToClients: true,
    displayName: { resource: 'Vineta', key: 'DisplayName:Abp.Account.EnableLocalLogin' },
  },
];
