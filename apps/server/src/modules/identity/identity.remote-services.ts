import type { RemoteServiceModule } from '../../platform/api-definition/remote-service.js';

const DTOS = 'Volo.Abp.Application.Dtos';
const EXTENSIBLE = 'Volo.Abp.ObjectExtending.ExtensibleObject';

/** ABP's identity module as its API description names it (`/api/identity/*`). */
export const identityRemoteServices: RemoteServiceModule = {
  rootPath: 'identity',
  remoteServiceName: 'AbpIdentity',
  namespace: 'Volo.Abp.Identity',
  assembly: 'Volo.Abp.Identity.Application.Contracts',
  baseTypes: {
    IdentityRoleDto: `${DTOS}.ExtensibleEntityDto<System.Guid>`,
    IdentityUserDto: `${DTOS}.ExtensibleFullAuditedEntityDto<System.Guid>`,
    IdentityRoleCreateDto: 'Volo.Abp.Identity.IdentityRoleCreateOrUpdateDtoBase',
    IdentityRoleUpdateDto: 'Volo.Abp.Identity.IdentityRoleCreateOrUpdateDtoBase',
    IdentityUserCreateDto: 'Volo.Abp.Identity.IdentityUserCreateOrUpdateDtoBase',
    IdentityUserUpdateDto: 'Volo.Abp.Identity.IdentityUserCreateOrUpdateDtoBase',
    ProfileDto: EXTENSIBLE,
    UpdateProfileDto: EXTENSIBLE,
    GetIdentityRolesInput: `${DTOS}.PagedAndSortedResultRequestDto`,
    GetIdentityUsersInput: `${DTOS}.PagedAndSortedResultRequestDto`,
    UserLookupSearchInputDto: `${DTOS}.PagedAndSortedResultRequestDto`,
    IdentitySecurityLogDto: `${DTOS}.EntityDto<System.Guid>`,
    GetIdentitySecurityLogListInput: `${DTOS}.PagedAndSortedResultRequestDto`,
  },
  baseClasses: {
    IdentityRoleCreateOrUpdateDtoBase: {
      baseType: EXTENSIBLE,
      members: ['name', 'isDefault', 'isPublic', 'extraProperties'],
    },
    IdentityUserCreateOrUpdateDtoBase: {
      baseType: EXTENSIBLE,
      members: [
        'userName',
        'name',
        'surname',
        'email',
        'phoneNumber',
        'isActive',
        'lockoutEnabled',
        'roleNames',
        'extraProperties',
      ],
    },
  },
  typeNames: { UserData: 'Volo.Abp.Users.UserData' },
  controllers: [
    {
      type: 'Volo.Abp.Identity.IdentityRoleController',
      group: 'Role',
      interface: 'Volo.Abp.Identity.IIdentityRoleAppService',
      actions: {
        'GET /api/identity/roles/all': 'GetAllListAsync()',
        'GET /api/identity/roles': 'GetListAsync(input: GetIdentityRolesInput)',
        'GET /api/identity/roles/:id': 'GetAsync(id)',
        'POST /api/identity/roles': 'CreateAsync(input)',
        'PUT /api/identity/roles/:id': 'UpdateAsync(id, input)',
        'DELETE /api/identity/roles/:id': 'DeleteAsync(id)',
      },
    },
    {
      type: 'Volo.Abp.Identity.IdentityUserController',
      group: 'User',
      interface: 'Volo.Abp.Identity.IIdentityUserAppService',
      actions: {
        'GET /api/identity/users/:id': 'GetAsync(id)',
        'GET /api/identity/users': 'GetListAsync(input: GetIdentityUsersInput)',
        'POST /api/identity/users': 'CreateAsync(input)',
        'PUT /api/identity/users/:id': 'UpdateAsync(id, input)',
        'DELETE /api/identity/users/:id': 'DeleteAsync(id)',
        'GET /api/identity/users/:id/roles': 'GetRolesAsync(id)',
        'GET /api/identity/users/assignable-roles': 'GetAssignableRolesAsync()',
        'PUT /api/identity/users/:id/roles': 'UpdateRolesAsync(id, input)',
        'GET /api/identity/users/by-username/:userName': 'FindByUsernameAsync(userName)',
        'GET /api/identity/users/by-email/:email': 'FindByEmailAsync(email)',
        // Ours: ABP's free module has no unlock (its commercial one has).
        'POST /api/identity/users/:id/unlock': 'UnlockAsync(id)',
        // Ours: Keycloak's sign-out of all of a user's sessions; ABP has none.
        'POST /api/identity/users/:id/logout': 'LogoutAsync(id)',
      },
    },
    {
      type: 'Volo.Abp.Identity.IdentityUserLookupController',
      group: 'UserLookup',
      interface: 'Volo.Abp.Identity.IIdentityUserLookupAppService',
      actions: {
        'GET /api/identity/users/lookup/:id': 'FindByIdAsync(id)',
        'GET /api/identity/users/lookup/by-username/:userName': 'FindByUserNameAsync(userName)',
        'GET /api/identity/users/lookup/search': 'SearchAsync(input: UserLookupSearchInputDto)',
        'GET /api/identity/users/lookup/count':
          'GetCountAsync(input: UserLookupCountInputDto): System.Int64',
      },
    },
    {
      // ABP's commercial module's; its free one writes the log and offers no way to read it.
      type: 'Volo.Abp.Identity.IdentitySecurityLogController',
      group: 'IdentitySecurityLog',
      interface: 'Volo.Abp.Identity.IIdentitySecurityLogAppService',
      actions: {
        'GET /api/identity/security-logs': 'GetListAsync(input: GetIdentitySecurityLogListInput)',
        'GET /api/identity/security-logs/:id': 'GetAsync(id)',
        'GET /api/identity/security-logs/my':
          'GetMyListAsync(input: GetIdentitySecurityLogListInput)',
        'GET /api/identity/security-logs/my/:id': 'GetMyAsync(id)',
      },
    },
    {
      // ABP 4.x's profile paths, which older clients call (5.0 moved them to the account module).
      type: 'Volo.Abp.Identity.ProfileController',
      interface: 'Volo.Abp.Identity.IProfileAppService',
      actions: {
        'GET /api/identity/my-profile': 'GetAsync()',
        'PUT /api/identity/my-profile': 'UpdateAsync(input)',
        'POST /api/identity/my-profile/change-password': 'ChangePasswordAsync(input)',
      },
    },
  ],
};
