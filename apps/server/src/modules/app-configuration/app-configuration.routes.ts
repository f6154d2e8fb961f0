import { ApplicationConfigurationDto } from '@vineta/contracts/app-configuration/application-configuration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCompressedJson } from '../../platform/http/compressed-json.js';
import { booleanParameter } from '../../platform/http/query-string.js';
import { matchCulture } from '../../platform/localization/culture-info.js';
import type { AppConfigurationService } from './app-configuration.service.js';

/** Anonymous callers get them too, in their culture and tenant. */
export const appConfigurationRoutes: FastifyPluginAsyncZod<{
  service: AppConfigurationService;
}> = async (app, { service }) => {
  app.get(
    '/api/abp/application-configuration',
    {
      config: { issuesXsrfCookie: true },
      schema: {
        tags: ['AbpApplicationConfiguration'],
        querystring: z.object({
          includeLocalizationResources: booleanParameter.transform((value) => value !== false),
        }),
        // What the answer is, for Swagger and ABP's API description; it is sent pre-serialized
        // (a Buffer), which Fastify does not serialize again.
        response: { 200: ApplicationConfigurationDto },
      },
    },
    async (request, reply) => {
      const answer = await service.get({
        culture: request.culture,
        user: request.currentUser,
        tenant: request.currentTenant,
        includeLocalizationResources: request.query.includeLocalizationResources,
      });
      return sendCompressedJson(request, reply, answer);
    },
  );

  app.get(
    '/api/abp/application-localization',
    {
      schema: {
        tags: ['AbpApplicationLocalization'],
        querystring: z.object({
          cultureName: z.string().min(1).max(32),
          onlyDynamics: booleanParameter,
        }),
      },
    },
    async (request, reply) => {
      // An unknown name gets the request's culture: texts are cached per supported culture only.
      const culture = matchCulture(request.query.cultureName) ?? request.culture;
      return sendCompressedJson(
        request,
        reply,
        service.localization(culture, request.query.onlyDynamics === true),
      );
    },
  );
};
