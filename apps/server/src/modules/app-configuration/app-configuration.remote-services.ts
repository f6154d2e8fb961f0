import type { RemoteServiceModule } from '../../platform/api-definition/remote-service.js';

const NAMESPACE = 'Volo.Abp.AspNetCore.Mvc.ApplicationConfigurations';

/** ABP's application configuration and localization (`/api/abp/application-*`). */
export const appConfigurationRemoteServices: RemoteServiceModule = {
  rootPath: 'abp',
  remoteServiceName: 'abp',
  namespace: NAMESPACE,
  assembly: 'Volo.Abp.AspNetCore.Mvc.Contracts',
  controllers: [
    {
      type: `${NAMESPACE}.AbpApplicationConfigurationController`,
      interface: `${NAMESPACE}.IAbpApplicationConfigurationAppService`,
      actions: {
        // ABP 4.x took no options; later versions take `IncludeLocalizationResources`.
        'GET /api/abp/application-configuration': [
          `GetAsync(): ${NAMESPACE}.ApplicationConfigurationDto`,
          `GetAsync(options: ApplicationConfigurationRequestOptions): ${NAMESPACE}.ApplicationConfigurationDto`,
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
