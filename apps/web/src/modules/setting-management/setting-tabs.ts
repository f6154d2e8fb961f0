import type { ApplicationConfiguration } from '#src/core/app-configuration/application-configuration';
import { isPolicyGranted } from '#src/core/permissions/policy';

export interface SettingTab {
  name: string;
  order: number;
  requiredPolicy?: string;
}

/** The setting groups; Emailing is the only one. */
export const settingTabs: SettingTab[] = [
  {
    name: 'AbpSettingManagement::Menu:Emailing',
    order: 100,
    requiredPolicy: 'SettingManagement.Emailing',
  },
];

/**
 * SPEC.md section 2: Settings is hidden when no setting group is visible, or in any case when the
 * feature `SettingManagement.Enable` is 'false' (case-insensitive).
 */
export function isSettingManagementVisible(
  configuration: Pick<ApplicationConfiguration, 'auth' | 'features'>,
  tabs: readonly SettingTab[] = settingTabs,
): boolean {
  const enabled = configuration.features.values['SettingManagement.Enable'];
  if (enabled?.toLowerCase() === 'false') return false;
  return tabs.some((tab) =>
    isPolicyGranted(tab.requiredPolicy, configuration.auth.grantedPolicies),
  );
}
