import type { FastifyPluginAsync } from 'fastify';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import { emailSettingsRoutes } from './email-settings.routes.js';
import type { EmailSettingsService } from './email-settings.service.js';

export interface SettingManagementPluginOptions {
  emailSettings: EmailSettingsService;
  permissions: PermissionChecker;
  features: { isEnabled(name: string): Promise<boolean> };
}

/** ABP's setting management API: the e-mail settings and their test mail. */
export const settingManagementPlugin: FastifyPluginAsync<SettingManagementPluginOptions> = async (
  app,
  options,
) => {
  await app.register(emailSettingsRoutes, {
    service: options.emailSettings,
    permissions: options.permissions,
    features: options.features,
  });
};
