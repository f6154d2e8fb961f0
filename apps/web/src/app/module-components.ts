import { lazy } from 'react';
import { replaceComponent } from '#src/core/routing/replaceable-components';
import { registerSettingTab } from '#src/modules/setting-management/setting-tabs';

/**
 * Components one module shows from another go through the replaceable-component registry (a
 * module never imports another module): the identity screens open the permission modal by key,
 * the tenants screen the feature modal, and the Settings page shows the host-features tab.
 */
export function registerModuleComponents(): void {
  replaceComponent(
    'PermissionManagement.PermissionManagementComponent',
    lazy(() =>
      import('#src/modules/permission-management/permission-management-modal').then((module) => ({
        default: module.PermissionManagementModal,
      })),
    ),
  );
  replaceComponent(
    'FeatureManagement.FeatureManagementComponent',
    lazy(() =>
      import('#src/modules/feature-management/feature-management-modal').then((module) => ({
        default: module.FeatureManagementModal,
      })),
    ),
  );
  // ABP's feature-management module adds this group to the Settings page (order after Emailing).
  registerSettingTab({
    name: 'AbpFeatureManagement::Permission:FeatureManagement',
    order: 104,
    requiredPolicy: 'FeatureManagement.ManageHostFeatures',
    component: lazy(() =>
      import('#src/modules/feature-management/host-features-settings-tab').then((module) => ({
        default: module.HostFeaturesSettingsTab,
      })),
    ),
  });
}
