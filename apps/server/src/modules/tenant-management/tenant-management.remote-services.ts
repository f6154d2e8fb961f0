import type { RemoteServiceModule } from '../../platform/api-definition/remote-service.js';

const DTOS = 'Volo.Abp.Application.Dtos';

/** ABP's tenant management (`/api/multi-tenancy/tenants`) as its description names it. */
export const tenantManagementRemoteServices: RemoteServiceModule = {
  rootPath: 'multi-tenancy',
  remoteServiceName: 'AbpTenantManagement',
  namespace: 'Volo.Abp.TenantManagement',
  assembly: 'Volo.Abp.TenantManagement.Application.Contracts',
  baseTypes: {
    TenantDto: `${DTOS}.ExtensibleEntityDto<System.Guid>`,
    TenantCreateDto: 'Volo.Abp.TenantManagement.TenantCreateOrUpdateDtoBase',
    TenantUpdateDto: 'Volo.Abp.TenantManagement.TenantCreateOrUpdateDtoBase',
    GetTenantsInput: `${DTOS}.PagedAndSortedResultRequestDto`,
  },
  baseClasses: {
    TenantCreateOrUpdateDtoBase: {
      baseType: 'Volo.Abp.ObjectExtending.ExtensibleObject',
      members: ['name', 'isActive', 'extraProperties'],
    },
  },
  controllers: [
    {
      type: 'Volo.Abp.TenantManagement.TenantController',
      interface: 'Volo.Abp.TenantManagement.ITenantAppService',
      actions: {
        'GET /api/multi-tenancy/tenants/:id': 'GetAsync(id)',
        'GET /api/multi-tenancy/tenants': 'GetListAsync(input: GetTenantsInput)',
        'POST /api/multi-tenancy/tenants': 'CreateAsync(input)',
        'PUT /api/multi-tenancy/tenants/:id': 'UpdateAsync(id, input)',
        'DELETE /api/multi-tenancy/tenants/:id': 'DeleteAsync(id)',
        'GET /api/multi-tenancy/tenants/:id/default-connection-string':
          'GetDefaultConnectionStringAsync(id): System.String',
        'PUT /api/multi-tenancy/tenants/:id/default-connection-string':
          'UpdateDefaultConnectionStringAsync(id, defaultConnectionString)',
        'DELETE /api/multi-tenancy/tenants/:id/default-connection-string':
          'DeleteDefaultConnectionStringAsync(id)',
      },
    },
  ],
};

/** ABP's own tenant lookup (`/api/abp/multi-tenancy`), which every ABP client calls. */
export const abpTenantRemoteServices: RemoteServiceModule = {
  rootPath: 'abp',
  remoteServiceName: 'abp',
  namespace: 'Volo.Abp.AspNetCore.Mvc.MultiTenancy',
  assembly: 'Volo.Abp.AspNetCore.Mvc.Contracts',
  controllers: [
    {
      type: 'Pages.Abp.MultiTenancy.AbpTenantController',
      interface: 'Volo.Abp.AspNetCore.Mvc.MultiTenancy.IAbpTenantAppService',
      actions: {
        'GET /api/abp/multi-tenancy/tenants/by-name/:name': 'FindTenantByNameAsync(name)',
        'GET /api/abp/multi-tenancy/tenants/by-id/:id': 'FindTenantByIdAsync(id: System.Guid)',
      },
    },
  ],
};
