import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { currentDataScope, newDataScope, runInScope } from '../data/data-scope.js';
import { cultureFromRequest } from '../localization/request-culture.js';
import type { createTenantResolver } from '../multi-tenancy/tenant-resolver.js';
import type { Authenticator } from './current-user.js';

export interface RequestContextOptions {
  authenticator: Authenticator;
  tenantResolver: ReturnType<typeof createTenantResolver>;
  /** The `Abp.Localization.DefaultLanguage` setting of the resolved tenant. */
  defaultCulture: () => Promise<string>;
}

/**
 * Gives every request its data scope (ABP's ambient current tenant, data filters and unit of work)
 * and fills in, in ABP's order: the current user from the token, the tenant (the user's own first),
 * then the culture, which may depend on the tenant's default-language setting.
 */
async function requestContext(app: FastifyInstance, options: RequestContextOptions) {
  app.decorateRequest('culture', '');
  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentTenant', null as never);

  app.addHook('onRequest', (request, _reply, done) => {
    request.currentTenant = { id: null, name: null, isAvailable: false };
    // Everything after this hook, handlers included, runs inside the request's scope.
    runInScope(newDataScope({ tenantId: null }), done);
  });

  app.addHook('onRequest', async (request) => {
    const scope = currentScope();
    const requestedCulture = cultureFromRequest({
      query: request.query as Record<string, unknown>,
      cookies: request.cookies ?? {},
      acceptLanguage: request.headers['accept-language'],
    });
    // Known before anything can fail, so that errors are already in the caller's language.
    if (requestedCulture) request.culture = requestedCulture;
    const user = await options.authenticator.authenticate(request);
    request.currentUser = user;
    scope.userId = user?.id ?? null;
    const tenant = await options.tenantResolver.resolve({
      userTenantId: user ? user.tenantId : undefined,
      query: request.query as Record<string, unknown>,
      headers: request.headers,
      cookies: request.cookies ?? {},
      hostname: request.hostname,
    });
    scope.tenantId = tenant?.id ?? null;
    request.currentTenant = tenant
      ? { id: tenant.id, name: tenant.name, isAvailable: true }
      : { id: null, name: null, isAvailable: false };
    request.culture = requestedCulture ?? (await options.defaultCulture());
  });
}

function currentScope() {
  const scope = currentDataScope();
  if (!scope) throw new Error('The request scope is missing');
  return scope;
}

export const requestContextPlugin = fastifyPlugin(requestContext, { name: 'request-context' });
