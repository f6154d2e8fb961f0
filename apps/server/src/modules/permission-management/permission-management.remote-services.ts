import type { RemoteServiceModule } from '../../platform/api-definition/remote-service.js';

/** ABP's permission management (`/api/permission-management`) as its description names it. */
export const permissionManagementRemoteServices: RemoteServiceModule = {
  rootPath: 'permissionManagement',
  remoteServiceName: 'AbpPermissionManagement',
  namespace: 'Volo.Abp.PermissionManagement',
  assembly: 'Volo.Abp.PermissionManagement.Application.Contracts',
  controllers: [
    {
      type: 'Volo.Abp.PermissionManagement.PermissionsController',
      interface: 'Volo.Abp.PermissionManagement.IPermissionAppService',
      actions: {
        'GET /api/permission-management/permissions': 'GetAsync(providerName, providerKey)',
        'PUT /api/permission-management/permissions':
          'UpdateAsync(providerName, providerKey, input)',
      },
    },
  ],
};
