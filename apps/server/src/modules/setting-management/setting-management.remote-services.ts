import type { RemoteServiceModule } from '../../platform/api-definition/remote-service.js';

/** ABP's e-mail settings (`/api/setting-management/emailing`) as its description names them. */
export const settingManagementRemoteServices: RemoteServiceModule = {
  rootPath: 'settingManagement',
  remoteServiceName: 'SettingManagement',
  namespace: 'Volo.Abp.SettingManagement',
  assembly: 'Volo.Abp.SettingManagement.Application.Contracts',
  controllers: [
    {
      type: 'Volo.Abp.SettingManagement.EmailSettingsController',
      interface: 'Volo.Abp.SettingManagement.IEmailSettingsAppService',
      actions: {
        'GET /api/setting-management/emailing': 'GetAsync()',
        'POST /api/setting-management/emailing': 'UpdateAsync(input)',
        'POST /api/setting-management/emailing/send-test-email': 'SendTestEmailAsync(input)',
      },
    },
  ],
};
