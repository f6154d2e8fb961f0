import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { type MaybePromise, whenReady } from '../async/maybe-promise.js';
import { currentDataScope, type DataScope, newDataScope, runInScope } from '../data/data-scope.js';
import { cultureFromRequest } from '../localization/request-culture.js';
import type { createTenantResolver } from '../multi-tenancy/tenant-resolver.js';
import type { Authenticator, CurrentUser } from './current-user.js';

interface RequestContextOptions {
  authenticator: Authenticator;
  tenantResolver: ReturnType<typeof createTenantResolver>;
  /** The `Abp.Localization.DefaultLanguage` setting of the resolved tenant. */
  defaultCulture: () => MaybePromise<string>;
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

  // A callback hook: the user, the tenant and the default culture nearly always come from caches,
  // and the request then goes on at once, without the promises an async hook would cost it.
  app.addHook('onRequest', (request, _reply, done) => {
    const filled = fillIn(request, currentScope());
    if (filled instanceof Promise) filled.then(() => done(), done);
    else done();
  });

  function fillIn(request: FastifyRequest, scope: DataScope): MaybePromise<void> {
    const requestedCulture = cultureFromRequest({
      query: request.query as Record<string, unknown>,
      cookies: request.cookies ?? {},
      acceptLanguage: request.headers['accept-language'],
    });
    // Known before anything can fail, so that errors are already in the caller's language.
    if (requestedCulture) request.culture = requestedCulture;
    return whenReady(options.authenticator.authenticate(request), (user) =>
      whenReady(resolveTenant(request, scope, user), () => {
        if (requestedCulture) return;
        return whenReady(options.defaultCulture(), (culture) => {
          request.culture = culture;
        });
      }),
    );
  }

  function resolveTenant(
    request: FastifyRequest,
    scope: DataScope,
    user: CurrentUser | null,
  ): MaybePromise<void> {
    request.currentUser = user;
    scope.userId = user?.id ?? null;
    const tenant = options.tenantResolver.resolve({
      userTenantId: user ? user.tenantId : undefined,
      query: request.query as Record<string, unknown>,
      headers: request.headers,
      cookies: request.cookies ?? {},
      hostname: request.hostname,
    });
    return whenReady(tenant, (resolved) => {
      scope.tenantId = resolved?.id ?? null;
      request.currentTenant = resolved
        ? { id: resolved.id, name: resolved.name, isAvailable: true }
        : { id: null, name: null, isAvailable: false };
    });
  }
}

function currentScope() {
  const scope = currentDataScope();
  if (!scope) throw new Error('The request scope is missing');
  return scope;
}

export const requestContextPlugin = fastifyPlugin(requestContext, { name: 'request-context' });
