import type { RemoteServiceModule } from '../../../platform/api-definition/remote-service.js';

/** ABP's MVC cookie-login controller (`Volo.Abp.Account.Web`) as its description names it. */
export const cookieLoginRemoteServices: RemoteServiceModule = {
  rootPath: 'account',
  remoteServiceName: 'AbpAccount',
  namespace: 'Volo.Abp.Account.Web.Areas.Account.Controllers.Models',
  assembly: 'Volo.Abp.Account.Web',
  controllers: [
    {
      type: 'Volo.Abp.Account.Web.Areas.Account.Controllers.AccountController',
      group: 'Login',
      actions: {
        'POST /api/account/login': 'Login(login)',
        'GET /api/account/logout': 'Logout()',
        'POST /api/account/check-password': 'CheckPassword(login)',
      },
    },
  ],
};
