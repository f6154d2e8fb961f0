import type { RemoteServiceModule } from '../../platform/api-definition/remote-service.js';

const NAMESPACE = 'Volo.Abp.AspNetCore.Mvc.ApplicationConfigurations';

/** ABP's application configuration and localization (`/api/abp/application-*`). */
export const appConfigurationRemoteServices: RemoteServiceModule = {
  rootPath: 'abp',
  remoteServiceName: 'abp',
  namespace: NAMESPACE,
  assembly: 'Volo.Abp.AspNetCore.Mvc.Contracts',
  typeNames: {
    MultiTenancyInfoDto: 'Volo.Abp.AspNetCore.Mvc.MultiTenancy.MultiTenancyInfoDto',
    CurrentTenantDto: 'Volo.Abp.AspNetCore.Mvc.MultiTenancy.CurrentTenantDto',
    LanguageInfo: 'Volo.Abp.Localization.LanguageInfo',
    NameValue: 'Volo.Abp.NameValue',
    ...Object.fromEntries(
      [
        'ObjectExtensionsDto',
        'ModuleExtensionDto',
        'EntityExtensionDto',
        'ExtensionPropertyDto',
        'LocalizableStringDto',
        'ExtensionPropertyApiDto',
        'ExtensionPropertyApiGetDto',
        'ExtensionPropertyApiCreateDto',
        'ExtensionPropertyApiUpdateDto',
        'ExtensionPropertyUiDto',
        'ExtensionPropertyUiTableDto',
        'ExtensionPropertyUiFormDto',
        'ExtensionPropertyUiLookupDto',
        'ExtensionPropertyAttributeDto',
        'ExtensionEnumDto',
        'ExtensionEnumFieldDto',
      ].map((id) => [id, `${NAMESPACE}.ObjectExtending.${id}`]),
    ),
  },
  controllers: [
    {
      type: `${NAMESPACE}.AbpApplicationConfigurationController`,
      interface: `${NAMESPACE}.IAbpApplicationConfigurationAppService`,
      actions: {
        // ABP 4.x took no options; later versions take `IncludeLocalizationResources`.
        'GET /api/abp/application-configuration': [
          'GetAsync()',
          'GetAsync(options: ApplicationConfigurationRequestOptions)',
        ],
      },
    },
    {
      type: `${NAMESPACE}.AbpApplicationLocalizationController`,
      interface: `${NAMESPACE}.IAbpApplicationLocalizationAppService`,
      actions: {
        'GET /api/abp/application-localization': `GetAsync(input: ApplicationLocalizationRequestDto): ${NAMESPACE}.ApplicationLocalizationDto`,
      },
    },
  ],
};
