import { administrationRouteName, type RouteEntry } from '#src/core/routing/route-entry';
import { isSettingManagementVisible } from './setting-tabs';

export const settingManagementRoutes: RouteEntry[] = [
  {
    name: 'AbpSettingManagement::Settings',
    parentName: administrationRouteName,
    path: '/setting-management',
    order: 100,
    iconClass: 'cog',
    layout: 'application',
    guards: ['authenticated'],
    isVisible: isSettingManagementVisible,
    page: () => import('./settings-page').then((module) => ({ Component: module.SettingsPage })),
  },
];
