import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { MaybePromise } from '../async/maybe-promise.js';
import { currentDataScope } from '../data/data-scope.js';
import { AuthorizationError, BusinessError } from '../errors/business-error.js';
import type { createTenantResolver } from '../multi-tenancy/tenant-resolver.js';
import type { CurrentUser } from './current-user.js';
import { requestContextPlugin } from './request-context.plugin.js';

const user = {
  id: 'user-1',
  tenantId: 'tenant-1',
  userName: 'ana',
  roles: ['admin'],
  clientId: 'Vineta_App',
} as CurrentUser;
const tenant = { id: 'tenant-1', name: 'acme', isActive: true };

/** Each collaborator answers at once (`now`) or through a promise, as a cache hit or miss would. */
async function appWith(now: boolean, failures: { authentication?: Error; tenant?: Error } = {}) {
  const answer = <T>(value: T, error?: Error): MaybePromise<T> =>
    error ? Promise.reject(error) : now ? value : Promise.resolve(value);
  const defaultCulture = vi.fn(() => answer('es-MX'));
  const app = Fastify();
  await app.register(requestContextPlugin, {
    authenticator: {
      authenticate: (request) =>
        answer(request.headers.authorization ? user : null, failures.authentication),
    },
    tenantResolver: {
      resolve: (sources) => answer(sources.userTenantId ? tenant : undefined, failures.tenant),
    } as ReturnType<typeof createTenantResolver>,
    defaultCulture,
  });
  app.setErrorHandler((error: BusinessError, request, reply) =>
    reply.status(error.status ?? 500).send({ code: error.code, culture: request.culture }),
  );
  app.get('/context', async (request) => {
    const scope = currentDataScope();
    return {
      user: request.currentUser?.id ?? null,
      tenant: request.currentTenant,
      culture: request.culture,
      scope: { tenantId: scope?.tenantId, userId: scope?.userId },
    };
  });
  return { app, defaultCulture };
}

describe('request context', () => {
  it.each([
    ['at once', true],
    ['after lookups', false],
  ])('fills in the user, the tenant, the culture and the data scope %s', async (_, now) => {
    const { app } = await appWith(now);
    const signedIn = await app.inject({ url: '/context', headers: { authorization: 'Bearer x' } });
    expect(signedIn.json()).toEqual({
      user: 'user-1',
      tenant: { id: 'tenant-1', name: 'acme', isAvailable: true },
      culture: 'es-MX',
      scope: { tenantId: 'tenant-1', userId: 'user-1' },
    });
    const anonymous = await app.inject({ url: '/context', headers: { 'accept-language': 'ar' } });
    expect(anonymous.json()).toEqual({
      user: null,
      tenant: { id: null, name: null, isAvailable: false },
      culture: 'ar',
      scope: { tenantId: null, userId: null },
    });
  });

  it('asks for the default culture only when the request names none', async () => {
    const { app, defaultCulture } = await appWith(true);
    await app.inject({ url: '/context', headers: { 'accept-language': 'en' } });
    expect(defaultCulture).not.toHaveBeenCalled();
    await app.inject({ url: '/context' });
    expect(defaultCulture).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['at once', true],
    ['after lookups', false],
  ])(
    'answers a failed authentication or tenant with its error, in the requested culture (%s)',
    async (_, now) => {
      const { app: unauthenticated } = await appWith(now, {
        authentication: new AuthorizationError(false),
      });
      const refused = await unauthenticated.inject({
        url: '/context',
        headers: { authorization: 'Bearer x', 'accept-language': 'en' },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().culture).toBe('en');
      const { app: dormant } = await appWith(now, {
        tenant: new BusinessError('AbpUiMultiTenancy:GivenTenantIsNotActive', { status: 403 }),
      });
      const inactive = await dormant.inject({
        url: '/context',
        headers: { authorization: 'Bearer x' },
      });
      expect(inactive.statusCode).toBe(403);
    },
  );
});
