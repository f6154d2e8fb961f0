import { lazy } from 'react';
import { administrationRouteName, type RouteEntry } from '#src/core/routing/route-entry';
import { isSettingManagementVisible, registerSettingTab } from './setting-tabs';

registerSettingTab({
  name: 'AbpSettingManagement::Menu:Emailing',
  order: 100,
  requiredPolicy: 'SettingManagement.Emailing',
  component: lazy(() =>
    import('./emailing/emailing-settings-tab').then((module) => ({
      default: module.EmailingSettingsTab,
    })),
  ),
});

export const settingManagementRoutes: RouteEntry[] = [
  {
    name: 'AbpSettingManagement::Settings',
    parentName: administrationRouteName,
    path: '/setting-management',
    order: 100,
    iconClass: 'cog',
    layout: 'application',
    guards: ['authenticated'],
    isVisible: (configuration) => isSettingManagementVisible(configuration),
    page: () => import('./settings-page').then((module) => ({ Component: module.SettingsPage })),
  },
];
