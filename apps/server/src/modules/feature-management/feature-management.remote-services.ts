import type { RemoteServiceModule } from '../../platform/api-definition/remote-service.js';

/** ABP's feature management (`/api/feature-management`) as its description names it. */
export const featureManagementRemoteServices: RemoteServiceModule = {
  rootPath: 'featureManagement',
  remoteServiceName: 'AbpFeatureManagement',
  namespace: 'Volo.Abp.FeatureManagement',
  assembly: 'Volo.Abp.FeatureManagement.Application.Contracts',
  typeNames: {
    StringValueType: 'Volo.Abp.Validation.StringValues.IStringValueType',
    ValueValidator: 'Volo.Abp.Validation.StringValues.IValueValidator',
  },
  controllers: [
    {
      type: 'Volo.Abp.FeatureManagement.FeaturesController',
      interface: 'Volo.Abp.FeatureManagement.IFeatureAppService',
      actions: {
        'GET /api/feature-management/features': 'GetAsync(providerName, providerKey)',
        'PUT /api/feature-management/features': 'UpdateAsync(providerName, providerKey, input)',
        'DELETE /api/feature-management/features': 'DeleteAsync(providerName, providerKey)',
      },
    },
  ],
};
