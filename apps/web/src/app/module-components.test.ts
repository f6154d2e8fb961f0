import { describe, expect, it } from 'vitest';
import '#src/modules/setting-management/setting-management.routes';
import { visibleSettingTabs } from '#src/modules/setting-management/setting-tabs';
import { testConfiguration } from '#src/test/app-configuration';
import { registerModuleComponents } from './module-components';

describe('module components', () => {
  it("adds the feature-management group to Settings after Emailing, behind the host's policy", () => {
    registerModuleComponents();
    const names = (policies: Record<string, boolean>) =>
      visibleSettingTabs(testConfiguration({ policies })).map((tab) => tab.name);
    expect(
      names({ 'SettingManagement.Emailing': true, 'FeatureManagement.ManageHostFeatures': true }),
    ).toEqual([
      'AbpSettingManagement::Menu:Emailing',
      'AbpFeatureManagement::Permission:FeatureManagement',
    ]);
    expect(names({ 'SettingManagement.Emailing': true })).toEqual([
      'AbpSettingManagement::Menu:Emailing',
    ]);
    expect(names({ 'FeatureManagement.ManageHostFeatures': true })).toEqual([
      'AbpFeatureManagement::Permission:FeatureManagement',
    ]);
  });
});
