import { ApplicationConfigurationDto } from '@vineta/contracts/app-configuration/application-configuration';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booleanParameter } from '../../platform/http/query-string.js';
import { matchCulture } from '../../platform/localization/culture-info.js';
import type { AppConfigurationService } from './app-configuration.service.js';
import type { CompressedJson } from './compressed-json.js';

function sendJson(request: FastifyRequest, reply: FastifyReply, answer: CompressedJson) {
  const { body, encoding } = answer.bodyFor(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding')
    .send(body);
}

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
      return sendJson(request, reply, answer);
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
      return sendJson(
        request,
        reply,
        service.localization(culture, request.query.onlyDynamics === true),
      );
    },
  );
};
