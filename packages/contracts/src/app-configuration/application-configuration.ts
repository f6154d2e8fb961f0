import { z } from 'zod';
import { ExtraPropertyDictionary, Guid } from '../common/entity.js';
import { ApplicationLocalizationConfigurationDto } from './application-localization.js';
import { ObjectExtensionsDto } from './object-extensions.js';

/** `{ [policyName]: true }`: `policies` lists every defined one, `grantedPolicies` the caller's. */
export const ApplicationAuthConfigurationDto = z
  .object({
    policies: z.record(z.string(), z.boolean()),
    grantedPolicies: z.record(z.string(), z.boolean()),
  })
  .meta({ id: 'ApplicationAuthConfigurationDto' });
export type ApplicationAuthConfigurationDto = z.infer<typeof ApplicationAuthConfigurationDto>;

/** Settings visible to clients (`Abp.Identity.*`, `Abp.Account.*`…), resolved for the caller. */
export const ApplicationSettingConfigurationDto = z
  .object({ values: z.record(z.string(), z.string().nullable()) })
  .meta({ id: 'ApplicationSettingConfigurationDto' });
export type ApplicationSettingConfigurationDto = z.infer<typeof ApplicationSettingConfigurationDto>;

export const CurrentUserDto = z
  .object({
    isAuthenticated: z.boolean(),
    id: Guid.nullable(),
    tenantId: Guid.nullable(),
    impersonatorUserId: Guid.nullable(),
    impersonatorTenantId: Guid.nullable(),
    impersonatorUserName: z.string().nullable(),
    impersonatorTenantName: z.string().nullable(),
    userName: z.string().nullable(),
    name: z.string().nullable(),
    surName: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    phoneNumber: z.string().nullable(),
    phoneNumberVerified: z.boolean(),
    roles: z.array(z.string()),
  })
  .meta({ id: 'CurrentUserDto' });
export type CurrentUserDto = z.infer<typeof CurrentUserDto>;

/** Features visible to clients, resolved for the current tenant (`"true"`, `"10"`…). */
export const ApplicationFeatureConfigurationDto = z
  .object({ values: z.record(z.string(), z.string().nullable()) })
  .meta({ id: 'ApplicationFeatureConfigurationDto' });
export type ApplicationFeatureConfigurationDto = z.infer<typeof ApplicationFeatureConfigurationDto>;

export const ApplicationGlobalFeatureConfigurationDto = z
  .object({ enabledFeatures: z.array(z.string()) })
  .meta({ id: 'ApplicationGlobalFeatureConfigurationDto' });
export type ApplicationGlobalFeatureConfigurationDto = z.infer<
  typeof ApplicationGlobalFeatureConfigurationDto
>;

export const MultiTenancyInfoDto = z
  .object({ isEnabled: z.boolean() })
  .meta({ id: 'MultiTenancyInfoDto' });
export type MultiTenancyInfoDto = z.infer<typeof MultiTenancyInfoDto>;

/** The resolved tenant; the host is `{ id: null, name: null, isAvailable: false }`. */
export const CurrentTenantDto = z
  .object({ id: Guid.nullable(), name: z.string().nullable(), isAvailable: z.boolean() })
  .meta({ id: 'CurrentTenantDto' });
export type CurrentTenantDto = z.infer<typeof CurrentTenantDto>;

export const IanaTimeZone = z
  .object({ timeZoneName: z.string().nullable() })
  .meta({ id: 'IanaTimeZone' });
export type IanaTimeZone = z.infer<typeof IanaTimeZone>;

export const WindowsTimeZone = z
  .object({ timeZoneId: z.string().nullable() })
  .meta({ id: 'WindowsTimeZone' });
export type WindowsTimeZone = z.infer<typeof WindowsTimeZone>;

export const TimeZone = z
  .object({ iana: IanaTimeZone, windows: WindowsTimeZone })
  .meta({ id: 'TimeZone' });
export type TimeZone = z.infer<typeof TimeZone>;

/** From the `Abp.Timing.TimeZone` setting. */
export const TimingDto = z.object({ timeZone: TimeZone }).meta({ id: 'TimingDto' });
export type TimingDto = z.infer<typeof TimingDto>;

/** `Unspecified` (ABP's default): dates carry no offset. */
export const ClockDto = z
  .object({ kind: z.enum(['Unspecified', 'Utc', 'Local']) })
  .meta({ id: 'ClockDto' });
export type ClockDto = z.infer<typeof ClockDto>;

/** Answer of `GET /api/abp/application-configuration` (anonymous). */
export const ApplicationConfigurationDto = z
  .object({
    localization: ApplicationLocalizationConfigurationDto,
    auth: ApplicationAuthConfigurationDto,
    setting: ApplicationSettingConfigurationDto,
    currentUser: CurrentUserDto,
    features: ApplicationFeatureConfigurationDto,
    globalFeatures: ApplicationGlobalFeatureConfigurationDto,
    multiTenancy: MultiTenancyInfoDto,
    currentTenant: CurrentTenantDto,
    timing: TimingDto,
    clock: ClockDto,
    objectExtensions: ObjectExtensionsDto,
    extraProperties: ExtraPropertyDictionary,
  })
  .meta({ id: 'ApplicationConfigurationDto' });
export type ApplicationConfigurationDto = z.infer<typeof ApplicationConfigurationDto>;

/**
 * Query of `GET /api/abp/application-configuration`. `includeLocalizationResources` is read from
 * the query string (`true`/`false`, `1`/`0`…) and defaults to `true`.
 */
export const ApplicationConfigurationRequestOptions = z.object({
  includeLocalizationResources: z.stringbool().default(true),
});
export type ApplicationConfigurationRequestOptions = z.infer<
  typeof ApplicationConfigurationRequestOptions
>;
