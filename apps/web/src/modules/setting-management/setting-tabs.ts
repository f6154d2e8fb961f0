import type { ComponentType, LazyExoticComponent } from 'react';
import type { ApplicationConfiguration } from '#src/core/app-configuration/application-configuration';
import { isPolicyGranted } from '#src/core/permissions/policy';

export interface SettingTab {
  /** Localization key of the tab's title, e.g. `AbpSettingManagement::Menu:Emailing`. */
  name: string;
  order: number;
  requiredPolicy?: string;
  /** The tab's content, loaded when the tab is first shown. */
  component: LazyExoticComponent<ComponentType>;
}

/**
 * ABP's `SettingTabsService`: modules add their groups to the Settings page. The setting-management
 * module adds Emailing itself; other modules' tabs (the host's features) are registered by the app
 * at start-up, since a module never imports another module.
 */
const registeredTabs: SettingTab[] = [];

export function registerSettingTab(tab: SettingTab): void {
  const existing = registeredTabs.findIndex((registered) => registered.name === tab.name);
  if (existing >= 0) registeredTabs.splice(existing, 1);
  registeredTabs.push(tab);
  registeredTabs.sort((a, b) => a.order - b.order);
}

/** The tabs the current user may see, in order. */
export function visibleSettingTabs(
  configuration: Pick<ApplicationConfiguration, 'auth'>,
  tabs: readonly SettingTab[] = registeredTabs,
): SettingTab[] {
  return tabs.filter((tab) =>
    isPolicyGranted(tab.requiredPolicy, configuration.auth.grantedPolicies),
  );
}

/**
 * SPEC.md section 2: Settings is hidden when no setting group is visible, or in any case when the
 * feature `SettingManagement.Enable` is 'false' (case-insensitive).
 */
export function isSettingManagementVisible(
  configuration: Pick<ApplicationConfiguration, 'auth' | 'features'>,
  tabs: readonly SettingTab[] = registeredTabs,
): boolean {
  const enabled = configuration.features.values['SettingManagement.Enable'];
  if (enabled?.toLowerCase() === 'false') return false;
  return visibleSettingTabs(configuration, tabs).length > 0;
}
