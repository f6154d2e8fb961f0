import {
  EmailSettingsDto,
  SendTestEmailInput,
  UpdateEmailSettingsDto,
} from '@vineta/contracts/setting-management/email-settings';
import { SettingManagementFeatures } from '@vineta/contracts/setting-management/setting-management.features';
import { SettingManagementPermissions as P } from '@vineta/contracts/setting-management/setting-management.permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionChecker } from '../../platform/authorization/permission-checker.js';
import { requirePermission } from '../../platform/authorization/require-permission.js';
import { requireFeature } from '../../platform/features/require-feature.js';
import type { EmailSettingsService } from './email-settings.service.js';

/**
 * ABP 5+'s `EmailSettingsController`. The permission itself requires, inside a tenant, the
 * host-controlled feature `SettingManagement.AllowChangingEmailSettings` (its definition says so);
 * the whole settings area also needs `SettingManagement.Enable` on the caller's side.
 */
export const emailSettingsRoutes: FastifyPluginAsyncZod<{
  service: EmailSettingsService;
  permissions: PermissionChecker;
  features: { isEnabled(name: string): Promise<boolean> };
}> = async (app, { service, permissions, features }) => {
  const path = '/api/setting-management/emailing';
  const tags = ['EmailSettings'];
  const enabled = requireFeature(features, SettingManagementFeatures.Enable);
  const emailing = [requirePermission(permissions, P.Emailing), enabled];

  app.get(
    path,
    { preHandler: emailing, schema: { tags, response: { 200: EmailSettingsDto } } },
    () => service.get(),
  );

  app.post(
    path,
    { preHandler: emailing, schema: { tags, body: UpdateEmailSettingsDto } },
    async (request, reply) => {
      await service.update(request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    `${path}/send-test-email`,
    {
      preHandler: [requirePermission(permissions, `${P.Emailing} && ${P.EmailingTest}`), enabled],
      schema: { tags, body: SendTestEmailInput },
    },
    async (request, reply) => {
      await service.sendTestEmail(request.body);
      return reply.status(204).send();
    },
  );
};
