import { z } from 'zod';
import { StringValueType } from './value-types.js';

/** Feature value providers: default, edition, tenant (host values: `T` with no key). */
export const FeatureProviderNames = { Default: 'D', Edition: 'E', Tenant: 'T' } as const;

/** ABP's `FeatureValueConsts`. */
export const FeatureValueLimits = {
  maxNameLength: 128,
  maxValueLength: 128,
  maxProviderNameLength: 64,
  maxProviderKeyLength: 64,
} as const;

export const FeatureProviderDto = z
  .object({ name: z.string(), key: z.string().nullable() })
  .meta({ id: 'FeatureProviderDto' });
export type FeatureProviderDto = z.infer<typeof FeatureProviderDto>;

export const FeatureDto = z
  .object({
    name: z.string(),
    displayName: z.string(),
    value: z.string().nullable(),
    provider: FeatureProviderDto,
    description: z.string().nullable(),
    valueType: StringValueType,
    /** Nesting level, for the `depth × 20px` indent. */
    depth: z.int().min(0),
    parentName: z.string().nullable(),
  })
  .meta({ id: 'FeatureDto' });
export type FeatureDto = z.infer<typeof FeatureDto>;

export const FeatureGroupDto = z
  .object({ name: z.string(), displayName: z.string(), features: z.array(FeatureDto) })
  .meta({ id: 'FeatureGroupDto' });
export type FeatureGroupDto = z.infer<typeof FeatureGroupDto>;

/** Answer of `GET /api/feature-management/features`. */
export const GetFeatureListResultDto = z
  .object({ groups: z.array(FeatureGroupDto) })
  .meta({ id: 'GetFeatureListResultDto' });
export type GetFeatureListResultDto = z.infer<typeof GetFeatureListResultDto>;

export const UpdateFeatureDto = z
  .object({
    name: z.string().min(1).max(FeatureValueLimits.maxNameLength),
    value: z.string().max(FeatureValueLimits.maxValueLength),
  })
  .meta({ id: 'UpdateFeatureDto' });
export type UpdateFeatureDto = z.infer<typeof UpdateFeatureDto>;

/** Body of `PUT /api/feature-management/features`: only the changed features. */
export const UpdateFeaturesDto = z
  .object({ features: z.array(UpdateFeatureDto) })
  .meta({ id: 'UpdateFeaturesDto' });
export type UpdateFeaturesDto = z.infer<typeof UpdateFeaturesDto>;

/** Query of `GET`, `PUT` and `DELETE /api/feature-management/features`; no key = the host. */
export const FeatureProviderQuery = z.object({
  providerName: z.string().min(1).max(FeatureValueLimits.maxProviderNameLength),
  providerKey: z.string().max(FeatureValueLimits.maxProviderKeyLength).optional(),
});
export type FeatureProviderQuery = z.infer<typeof FeatureProviderQuery>;
