import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../test/create-test-services.js';
import type { Services } from '../../services.js';
import { withinTenant } from '../data/data-scope.js';
import { FeatureProvider, tenantProviderKey } from './feature-checker.js';
import { isValidFeatureValue } from './feature-definitions.js';

const TENANT = '00000000-0000-4000-8000-0000000000a7';
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await createTestServices());
});
afterAll(() => close());

describe('feature checker', () => {
  it('answers the default until the tenant has its own value, and resets to it', async () => {
    const { features } = services;
    expect(await features.getOrNull('SettingManagement.AllowChangingEmailSettings', TENANT)).toBe(
      'false',
    );
    await features.setForProvider(
      'SettingManagement.AllowChangingEmailSettings',
      'true',
      FeatureProvider.Tenant,
      TENANT,
    );
    expect(await features.isEnabled('SettingManagement.AllowChangingEmailSettings', TENANT)).toBe(
      true,
    );
    expect(await features.isEnabled('SettingManagement.AllowChangingEmailSettings', null)).toBe(
      false,
    );
    expect(
      await withinTenant(TENANT, () =>
        features.isEnabled('SettingManagement.AllowChangingEmailSettings'),
      ),
    ).toBe(true);
    await features.resetProvider(FeatureProvider.Tenant, tenantProviderKey(TENANT));
    expect(await features.isEnabled('SettingManagement.AllowChangingEmailSettings', TENANT)).toBe(
      false,
    );
  });

  it('compares toggles case-insensitively', async () => {
    await services.features.setForProvider(
      'SettingManagement.Enable',
      'False',
      FeatureProvider.Tenant,
      TENANT,
    );
    expect(await services.features.isEnabled('SettingManagement.Enable', TENANT)).toBe(false);
    expect(await services.features.isEnabled('SettingManagement.Enable', null)).toBe(true);
  });

  it('knows which values fit each value type', () => {
    const registry = services.featureRegistry;
    const toggle = registry.get('SettingManagement.Enable');
    if (!toggle) throw new Error('missing definition');
    expect(isValidFeatureValue(toggle, 'TRUE')).toBe(true);
    expect(isValidFeatureValue(toggle, 'yes')).toBe(false);
    const numeric = {
      ...toggle,
      valueType: {
        name: 'FreeTextStringValueType' as const,
        validator: { name: 'NUMERIC' as const, minValue: 1, maxValue: 10 },
      },
    };
    expect(isValidFeatureValue(numeric, '5')).toBe(true);
    expect(isValidFeatureValue(numeric, '11')).toBe(false);
    expect(isValidFeatureValue(numeric, 'five')).toBe(false);
  });
});
