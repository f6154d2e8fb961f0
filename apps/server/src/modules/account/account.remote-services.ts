import type { RemoteServiceModule } from '../../platform/api-definition/remote-service.js';

/** ABP's account application service and profile (`/api/account/*`) as its description names them. */
export const accountRemoteServices: RemoteServiceModule = {
  rootPath: 'account',
  remoteServiceName: 'AbpAccount',
  namespace: 'Volo.Abp.Account',
  assembly: 'Volo.Abp.Account.Application.Contracts',
  baseTypes: {
    RegisterDto: 'Volo.Abp.ObjectExtending.ExtensibleObject',
    ProfileDto: 'Volo.Abp.ObjectExtending.ExtensibleObject',
    UpdateProfileDto: 'Volo.Abp.ObjectExtending.ExtensibleObject',
  },
  typeNames: { IdentityUserDto: 'Volo.Abp.Identity.IdentityUserDto' },
  controllers: [
    {
      type: 'Volo.Abp.Account.AccountController',
      interface: 'Volo.Abp.Account.IAccountAppService',
      actions: {
        'POST /api/account/register': 'RegisterAsync(input)',
        'POST /api/account/send-password-reset-code': 'SendPasswordResetCodeAsync(input)',
        'POST /api/account/verify-password-reset-token': 'VerifyPasswordResetTokenAsync(input)',
        'POST /api/account/reset-password': 'ResetPasswordAsync(input)',
      },
    },
    {
      type: 'Volo.Abp.Account.ProfileController',
      interface: 'Volo.Abp.Account.IProfileAppService',
      actions: {
        'GET /api/account/my-profile': 'GetAsync()',
        'PUT /api/account/my-profile': 'UpdateAsync(input)',
        'POST /api/account/my-profile/change-password': 'ChangePasswordAsync(input)',
      },
    },
  ],
};
