import { act } from '@testing-library/react';
import type {
  FeatureDto,
  GetFeatureListResultDto,
} from '@vineta/contracts/feature-management/features';
import { vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import type { ApplicationConfiguration } from '#src/core/app-configuration/application-configuration';
import { applyLocalization } from '#src/core/localization/i18n';
import { testConfiguration } from '#src/test/app-configuration';
import { fakeServer, type RecordedRequest } from '#src/test/fake-server';

export { renderWithProviders } from '#src/test/render-with-providers';

import { featureTexts, uiTexts, validationTexts } from '#src/test/server-texts';
import { toaster } from '#src/theme/toast/toaster';

/**
 * A feature list as the server answers it, with every value type: a toggle with a toggle child and
 * grandchild, numeric and string free texts (with their validators) and a selection.
 */
const properties = {};
const toggle = (
  name: string,
  displayName: string,
  value: string,
  parentName: string | null,
  depth: number,
): FeatureDto => ({
  name,
  displayName,
  value,
  provider: { name: 'D', key: null },
  description: null,
  valueType: {
    name: 'ToggleStringValueType',
    properties,
    validator: { name: 'BOOLEAN', properties },
  },
  depth,
  parentName,
});

export const featureList = (tenantId: string | null = 'tenant-1'): GetFeatureListResultDto => ({
  groups: [
    {
      name: 'Stories',
      displayName: 'Stories',
      features: [
        toggle('Stories.Enable', 'Enable stories', 'true', null, 0),
        toggle('Stories.Comments', 'Allow comments', 'True', 'Stories.Enable', 1),
        toggle('Stories.Comments.Images', 'Images in comments', 'false', 'Stories.Comments', 2),
        {
          name: 'Stories.MaxCount',
          displayName: 'Maximum stories',
          value: '10',
          provider: { name: 'T', key: tenantId },
          description: 'How many stories a tenant may publish.',
          valueType: {
            name: 'FreeTextStringValueType',
            properties,
            validator: { name: 'NUMERIC', properties, minValue: 1, maxValue: 100 },
          },
          depth: 1,
          parentName: 'Stories.Enable',
        },
      ],
    },
    {
      name: 'Branding',
      displayName: 'Branding',
      features: [
        {
          name: 'Branding.Code',
          displayName: 'Brand code',
          value: 'ABC',
          provider: { name: 'D', key: null },
          description: null,
          valueType: {
            name: 'FreeTextStringValueType',
            properties,
            validator: {
              name: 'STRING',
              properties,
              allowNull: false,
              minLength: 2,
              maxLength: 5,
              regularExpression: '^[A-Z]+$',
            },
          },
          depth: 0,
          parentName: null,
        },
        {
          name: 'Branding.Theme',
          displayName: 'Theme',
          value: 'light',
          provider: { name: 'D', key: null },
          description: null,
          valueType: {
            name: 'SelectionStringValueType',
            properties,
            validator: {
              name: 'STRING',
              properties,
              allowNull: true,
              minLength: 0,
              maxLength: 0,
              regularExpression: null,
            },
            itemSource: {
              items: [
                { value: 'light', displayText: { resourceName: 'Vineta', name: 'Theme:Light' } },
                { value: 'dark', displayText: { resourceName: 'Vineta', name: 'Theme:Dark' } },
              ],
            },
          },
          depth: 0,
          parentName: null,
        },
      ],
    },
  ],
});

/** The signed-in host administrator's configuration in English; `tenantId` makes it a tenant's. */
export async function loadFeatureConfiguration(
  tenantId: string | null = null,
): Promise<ApplicationConfiguration> {
  const configuration = testConfiguration({
    culture: 'en',
    authenticated: true,
    policies: { 'FeatureManagement.ManageHostFeatures': true },
    values: {
      AbpFeatureManagement: featureTexts.texts,
      AbpUi: uiTexts.texts,
      AbpValidation: validationTexts.texts,
      Vineta: { 'Theme:Light': 'Light', 'Theme:Dark': 'Dark' },
    } as Record<string, Record<string, string>>,
  });
  configuration.currentTenant = { id: tenantId, name: tenantId ? 'acme' : null, isAvailable: true };
  await applyLocalization(configuration);
  appConfigurationStore.set(configuration);
  return configuration;
}

/**
 * Replaces `fetch` with a small feature server: GET answers the current list, PUT stores the
 * values (a value `invalid` is refused with ABP's 400), DELETE goes back to the first list.
 * Everything is recorded.
 */
export function fakeFeatureServer(
  list: GetFeatureListResultDto,
  configuration: ApplicationConfiguration,
  options: { holdPut?: Promise<void> } = {},
): RecordedRequest[] {
  let current = structuredClone(list);
  const features = async (request: RecordedRequest) => {
    if (request.path !== '/api/feature-management/features') return undefined;
    if (request.method === 'GET') return Response.json(current);
    if (request.method === 'DELETE') {
      current = structuredClone(list);
      for (const feature of current.groups.flatMap((group) => group.features)) {
        feature.provider = { name: 'D', key: null };
      }
      return new Response(null, { status: 204 });
    }
    const { features } = request.body as { features: { name: string; value: string }[] };
    const refused = features.find((feature) => feature.value === 'invalid');
    if (refused) {
      return Response.json(
        {
          error: {
            code: 'Volo.Abp.FeatureManagement:InvalidFeatureValue',
            message: `The value of the feature '${refused.name}' is not valid.`,
          },
        },
        { status: 400 },
      );
    }
    await options.holdPut;
    const stored = new Map(features.map((feature) => [feature.name, feature.value]));
    for (const feature of current.groups.flatMap((group) => group.features)) {
      const value = stored.get(feature.name);
      if (value !== undefined) feature.value = value;
    }
    return new Response(null, { status: 204 });
  };
  return fakeServer(
    (request) =>
      request.path === '/api/abp/application-configuration'
        ? Response.json(configuration)
        : undefined,
    features,
  );
}

export function resetFeatureState(): void {
  vi.unstubAllGlobals();
  act(() => toaster.clear());
  appConfigurationStore.set(undefined);
}
