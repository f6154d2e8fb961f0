import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfigurationService } from './app-configuration.service.js';

/** Anonymous callers get it too, in their culture and tenant. */
export const appConfigurationRoutes: FastifyPluginAsyncZod<{
  service: AppConfigurationService;
}> = async (app, { service }) => {
  app.get(
    '/api/abp/application-configuration',
    {
      schema: {
        tags: ['AbpApplicationConfiguration'],
        querystring: z.object({
          includeLocalizationResources: z
            .enum(['true', 'false', 'True', 'False'])
            .optional()
            .transform((value) => value?.toLowerCase() !== 'false'),
        }),
      },
    },
    async (request, reply) => {
      const answer = await service.get({
        culture: request.culture,
        user: request.currentUser,
        tenant: request.currentTenant,
        includeLocalizationResources: request.query.includeLocalizationResources,
      });
      const { body, encoding } = answer.bodyFor(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding')
        .send(body);
    },
  );
};
