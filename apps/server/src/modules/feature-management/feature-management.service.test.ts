import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../test/create-test-services.js';
import { createProviderValueRepository } from '../../platform/data/provider-value.repository.js';
import { createFeatureChecker } from '../../platform/features/feature-checker.js';
import { FeatureRegistry } from '../../platform/features/feature-definitions.js';
import type { Services } from '../../services.js';
import {
  createFeatureManagementService,
  type FeatureManagementService,
} from './feature-management.service.js';

/**
 * The free-text and selection value types on a real database. No module defines such features
 * yet (ABP's free modules define only toggles), so this test defines its own, as a module would.
 */
const localizable = (key: string) => ({ resource: 'Vineta', key });
const registry = new FeatureRegistry([
  {
    name: 'Stories',
    displayName: localizable('Stories'),
    features: [
      {
        name: 'Stories.MaxCount',
        defaultValue: '10',
        displayName: localizable('MaxCount'),
        valueType: {
          name: 'FreeTextStringValueType',
          validator: { name: 'NUMERIC', minValue: 1, maxValue: 100 },
        },
      },
      {
        name: 'Stories.Code',
        defaultValue: 'ABC',
        displayName: localizable('Code'),
        valueType: {
          name: 'FreeTextStringValueType',
          validator: {
            name: 'STRING',
            allowNull: false,
            maxLength: 5,
            regularExpression: '^[A-Z]+$',
          },
        },
      },
      {
        name: 'Stories.Theme',
        defaultValue: 'light',
        displayName: localizable('Theme'),
        valueType: {
          name: 'SelectionStringValueType',
          validator: { name: 'STRING' },
          itemSource: {
            items: [
              { value: 'light', displayText: localizable('Theme:Light') },
              { value: 'dark', displayText: localizable('Theme:Dark') },
            ],
          },
        },
      },
    ],
  },
]);

const TENANT = '00000000-0000-4000-8000-0000000000b1';
const target = { providerName: 'T', tenantId: TENANT };
let services: Services;
let close: () => Promise<void>;
let service: FeatureManagementService;
let stored: () => Promise<Map<string, string>>;

beforeAll(async () => {
  ({ services, close } = await createTestServices());
  const values = createProviderValueRepository(services.data, 'featureValues');
  const features = createFeatureChecker({
    data: services.data,
    registry,
    values,
    cache: services.cacheHub.create('feature-management-service-test'),
  });
  service = createFeatureManagementService({
    data: services.data,
    registry,
    features,
    localizer: services.localizer,
    tenantExists: async (id) => id === TENANT,
  });
  // What the database holds for the tenant, read past every cache.
  stored = () => values.valuesOf('T', TENANT);
});
afterAll(() => close());

const listedFeature = async (name: string) => {
  const { groups } = await service.getList(target, 'en');
  return groups.flatMap((group) => group.features).find((feature) => feature.name === name);
};

describe('feature management with free-text and selection values', () => {
  it('stores valid values and lists them with the tenant as provider', async () => {
    await service.update(target, [
      { name: 'Stories.MaxCount', value: '25' },
      { name: 'Stories.Code', value: 'XYZ' },
      { name: 'Stories.Theme', value: 'dark' },
    ]);
    expect(Object.fromEntries(await stored())).toEqual({
      'Stories.MaxCount': '25',
      'Stories.Code': 'XYZ',
      'Stories.Theme': 'dark',
    });
    expect(await listedFeature('Stories.MaxCount')).toMatchObject({
      value: '25',
      provider: { name: 'T', key: TENANT },
      valueType: { validator: { name: 'NUMERIC', minValue: 1, maxValue: 100 } },
    });
  });

  it.each([
    ['not a number', 'Stories.MaxCount', 'many'],
    ['below the minimum', 'Stories.MaxCount', '0'],
    ['above the maximum', 'Stories.MaxCount', '101'],
    ['too long', 'Stories.Code', 'ABCDEF'],
    ['off the pattern', 'Stories.Code', 'abc'],
    ['not in the selection', 'Stories.Theme', 'neon'],
  ])(
    'refuses a value %s with a 400 naming the feature, changing nothing',
    async (_, name, value) => {
      const before = await stored();
      const refused = service.update(target, [
        // A valid change in the same request is not applied either.
        { name: 'Stories.Theme', value: 'light' },
        { name, value },
      ]);
      await expect(refused).rejects.toMatchObject({
        code: 'Volo.Abp.FeatureManagement:InvalidFeatureValue',
        status: 400,
        data: { 0: name },
      });
      expect(await stored()).toEqual(before);
    },
  );

  it('removes a value set back to its default, as ABP does, so a later default applies', async () => {
    await service.update(target, [{ name: 'Stories.MaxCount', value: '10' }]);
    expect((await stored()).has('Stories.MaxCount')).toBe(false);
    expect(await listedFeature('Stories.MaxCount')).toMatchObject({
      value: '10',
      provider: { name: 'D', key: null },
    });
  });

  it('resets every value of the tenant', async () => {
    await service.reset(target);
    expect((await stored()).size).toBe(0);
    expect(await listedFeature('Stories.Theme')).toMatchObject({
      value: 'light',
      provider: { name: 'D' },
    });
  });
});
