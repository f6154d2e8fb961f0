import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompressedJson, sendCompressedJson } from '../http/compressed-json.js';
import { booleanParameter } from '../http/query-string.js';
import { describeApi, type RouteSchemas, type RouteTable } from './api-description.js';
import type { RemoteServiceModule } from './remote-service.js';

/**
 * Every route's schemas as it is registered, for the API description. Call before any route is
 * registered.
 */
export function collectRoutes(app: FastifyInstance): RouteTable {
  const routes = new Map<string, RouteSchemas>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.set(`${method.toUpperCase()} ${route.url}`, (route.schema ?? {}) as RouteSchemas);
  });
  return routes;
}

/**
 * ABP's `AbpApiDefinitionController`: the description of every remote service, which ABP's C#
 * dynamic client proxies read to find an action's URL, and its proxy generators to write clients.
 * Built once, at the first request (every route is registered by then), compressed once for each
 * encoding asked, and anonymous, as ABP's.
 */
export const apiDefinitionRoutes: FastifyPluginAsyncZod<{
  routes: RouteTable;
  modules: readonly RemoteServiceModule[];
  /** API routes that are ours alone, not ABP actions: everything else must be described. */
  notDescribed: readonly string[];
}> = async (app, { routes, modules, notDescribed }) => {
  let answers: { withTypes: CompressedJson; withoutTypes: CompressedJson } | undefined;
  app.get(
    '/api/abp/api-definition',
    {
      schema: {
        tags: ['AbpApiDefinition'],
        querystring: z.object({ includeTypes: booleanParameter }),
      },
    },
    async (request, reply) => {
      if (!answers) {
        const description = describeApi(routes, modules);
        const missing = description.undescribed.filter((route) => !notDescribed.includes(route));
        if (missing.length > 0)
          throw new Error(`routes with no description: ${missing.join(', ')}`);
        answers = {
          withTypes: new CompressedJson(JSON.stringify(description.withTypes)),
          withoutTypes: new CompressedJson(JSON.stringify(description.withoutTypes)),
        };
      }
      const answer = request.query.includeTypes ? answers.withTypes : answers.withoutTypes;
      return sendCompressedJson(request, reply, answer);
    },
  );
};

/** This endpoint as ABP's description names it. */
export const apiDefinitionRemoteServices: RemoteServiceModule = {
  rootPath: 'abp',
  remoteServiceName: 'abp',
  namespace: 'Volo.Abp.Http.Modeling',
  assembly: 'Volo.Abp.Http',
  controllers: [
    {
      type: 'Volo.Abp.AspNetCore.Mvc.ApiExploring.AbpApiDefinitionController',
      actions: {
        'GET /api/abp/api-definition':
          'Get(model: ApplicationApiDescriptionModelRequestDto): Volo.Abp.Http.Modeling.ApplicationApiDescriptionModel',
      },
    },
  ],
};
