import type { FastifyPluginAsync } from 'fastify';
import { appConfigurationRoutes } from './app-configuration.routes.js';
import type { AppConfigurationService } from './app-configuration.service.js';

export interface AppConfigurationPluginOptions {
  service: AppConfigurationService;
}

/** ABP's application configuration and localization endpoints. */
export const appConfigurationPlugin: FastifyPluginAsync<AppConfigurationPluginOptions> = async (
  app,
  options,
) => {
  await app.register(appConfigurationRoutes, { service: options.service });
};
