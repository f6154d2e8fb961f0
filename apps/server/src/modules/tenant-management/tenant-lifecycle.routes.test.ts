import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';
import { passwordGrant } from '../../../test/sign-in-helpers.js';
import { buildApp } from '../../app.js';
import { acrossAllTenants, withinTenant } from '../../platform/data/data-scope.js';

// A tenant's life as its users see it: created through the API with a working admin, isolated
// from other tenants, then deactivated or deleted, after which its users can no longer get in.

let t: TestApp;
let host: Record<string, string>;
const PASSWORD = 'Tenant-Pass-1!';
const url = '/api/multi-tenancy/tenants';

async function createTenant(name: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: host,
    payload: { name, adminEmailAddress: `admin@${name.toLowerCase()}.mx`, adminPassword: PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; name: string; concurrencyStamp: string };
}

const configuration = async (headers: Record<string, string>) => {
  const response = await t.app.inject({
    url: '/api/abp/application-configuration?includeLocalizationResources=false',
    headers,
  });
  return {
    status: response.statusCode,
    body: response.json(),
    resolveError: response.headers['abp-tenant-resolve-error'],
  };
};

beforeAll(async () => {
  t = await createTestApp();
  host = bearer(await accessTokenFor(t.app, 'admin', TEST_ADMIN_PASSWORD));
});
afterAll(() => t.close());

describe('a new tenant', () => {
  it('has an admin who signs in with the password grant and the tenant header', async () => {
    const acme = await createTenant('Acme');
    const token = await accessTokenFor(t.app, 'admin', PASSWORD, 'acme');
    const { body } = await configuration(bearer(token));
    expect(body.currentTenant).toEqual({ id: acme.id, name: 'Acme', isAvailable: true });
    expect(body.currentUser).toMatchObject({
      userName: 'admin',
      tenantId: acme.id,
      roles: ['admin'],
    });
    // Every tenant-side permission, none of the host's.
    const granted = Object.keys(body.auth.grantedPolicies);
    expect(granted).toEqual(
      expect.arrayContaining(['AbpIdentity.Users.Create', 'AbpIdentity.Roles']),
    );
    expect(granted.some((name) => name.startsWith('AbpTenantManagement'))).toBe(false);
    // The tenant id works as well as the name.
    expect((await passwordGrant(t.app, { password: PASSWORD, tenant: acme.id })).statusCode).toBe(
      200,
    );
  });

  it('got its static admin role and admin user in its own tenant only', async () => {
    const globex = await createTenant('Globex');
    const rows = await acrossAllTenants(() =>
      t.app.services.data
        .query()
        .selectFrom('identityRoles')
        .select(['tenantId', 'isStatic'])
        .where('name', '=', 'admin')
        .execute(),
    );
    expect(rows.filter((row) => row.tenantId === globex.id)).toEqual([
      { tenantId: globex.id, isStatic: true },
    ]);
    const admin = await withinTenant(globex.id, () =>
      t.app.services.users.findByNormalizedUserName('ADMIN'),
    );
    expect(admin).toMatchObject({ email: 'admin@globex.mx', tenantId: globex.id });
  });
});

describe('tenant isolation', () => {
  it("keeps a tenant's token in its tenant, and out of the host's APIs", async () => {
    const initech = await createTenant('Initech');
    const token = await accessTokenFor(t.app, 'admin', PASSWORD, 'initech');
    // The token's tenant wins over a header naming another tenant.
    const { body } = await configuration(bearer(token, 'acme'));
    expect(body.currentTenant.id).toBe(initech.id);
    // Tenant permissions are host-side: a tenant's admin gets 403.
    const response = await t.app.inject({ url, headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    // The host admin's password does not open the tenant's admin.
    const wrong = await passwordGrant(t.app, { password: TEST_ADMIN_PASSWORD, tenant: 'initech' });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('deactivation and deletion', () => {
  it('a deactivated tenant refuses sign-in and its existing tokens, until reactivated', async () => {
    const hooli = await createTenant('Hooli');
    const token = await accessTokenFor(t.app, 'admin', PASSWORD, 'hooli');
    const put = (isActive: boolean, concurrencyStamp: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${url}/${hooli.id}`,
        headers: host,
        payload: { name: 'Hooli', isActive, concurrencyStamp },
      });
    const off = await put(false, hooli.concurrencyStamp);
    expect(off.json().isActive).toBe(false);

    const refused = await passwordGrant(t.app, { password: PASSWORD, tenant: 'hooli' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The given tenant is not active: Hooli',
    });
    // ABP's clients drop the tenant and sign out on the header alone.
    expect(await configuration(bearer(token))).toMatchObject({
      status: 403,
      resolveError: 'El inquilino indicado no est&#xE1; activo: Hooli',
    });

    const profile = () => t.app.inject({ url: '/api/account/my-profile', headers: bearer(token) });
    expect((await profile()).statusCode).toBe(403);
    const userinfo = () => t.app.inject({ url: '/connect/userinfo', headers: bearer(token) });
    expect((await userinfo()).statusCode).toBe(401);

    await put(true, off.json().concurrencyStamp);
    expect((await configuration(bearer(token))).status).toBe(200);
    // At once, not when a cached "no such account" expires: a web app signs out on a 401.
    expect((await configuration(bearer(token))).body.currentUser.isAuthenticated).toBe(true);
    expect((await profile()).statusCode).toBe(200);
    expect((await userinfo()).statusCode).toBe(200);
  });

  it("a deleted tenant's users cannot sign in or use their tokens, and its name can be reused", async () => {
    const umbrella = await createTenant('Umbrella');
    const token = await accessTokenFor(t.app, 'admin', PASSWORD, 'umbrella');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${umbrella.id}`,
      headers: host,
    });
    expect(deleted.statusCode).toBe(204);

    for (const tenant of ['umbrella', umbrella.id]) {
      const refused = await passwordGrant(t.app, { password: PASSWORD, tenant });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_description).toBe(`The given tenant is not available: ${tenant}`);
    }
    const stale = await configuration(bearer(token));
    expect(stale.status).toBe(404);
    expect(stale.body.error.code).toBe('AbpUiMultiTenancy:GivenTenantIsNotAvailable');
    expect(stale.resolveError).toBe(
      `El inquilino indicado no est&#xE1; disponible: ${umbrella.id}`,
    );

    const reborn = await createTenant('UMBRELLA');
    expect(reborn.id).not.toBe(umbrella.id);
    const fresh = await accessTokenFor(t.app, 'admin', PASSWORD, 'umbrella');
    expect((await configuration(bearer(fresh))).body.currentTenant.id).toBe(reborn.id);
  });

  it('a renamed tenant is found by its new name at once and no longer by the old one', async () => {
    const wayne = await createTenant('Wayne');
    expect((await passwordGrant(t.app, { password: PASSWORD, tenant: 'wayne' })).statusCode).toBe(
      200,
    );
    await t.app.inject({
      method: 'PUT',
      url: `${url}/${wayne.id}`,
      headers: host,
      payload: { name: 'WayneCorp', concurrencyStamp: wayne.concurrencyStamp },
    });
    expect((await passwordGrant(t.app, { password: PASSWORD, tenant: 'wayne' })).statusCode).toBe(
      400,
    );
    expect(
      (await passwordGrant(t.app, { password: PASSWORD, tenant: 'waynecorp' })).statusCode,
    ).toBe(200);
  });
});

// biome-ignore lint/style/noProcessEnv: only CI's second pass (PostgreSQL + Redis) runs a cluster
describe.skipIf(!process.env.TEST_REDIS_URL)('reactivation on another instance', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp(t.config, { webRoot: '/nonexistent' });
  });
  afterAll(() => second.close());

  it("gives the tenant's users back their tokens there at once", async () => {
    const vandelay = await createTenant('Vandelay');
    const token = await accessTokenFor(t.app, 'admin', PASSWORD, 'vandelay');
    const put = async (isActive: boolean) => {
      const current = (await t.app.inject({ url: `${url}/${vandelay.id}`, headers: host })).json();
      const response = await t.app.inject({
        method: 'PUT',
        url: `${url}/${vandelay.id}`,
        headers: host,
        payload: { name: 'Vandelay', isActive, concurrencyStamp: current.concurrencyStamp },
      });
      expect(response.statusCode).toBe(200);
    };
    const onSecond = async (path: string) =>
      (await second.inject({ url: path, headers: bearer(token) })).statusCode;
    expect(await onSecond('/api/account/my-profile')).toBe(200);

    await put(false);
    await expect.poll(() => onSecond('/connect/userinfo'), { timeout: 2000 }).toBe(401);
    expect(await onSecond('/api/account/my-profile')).toBe(403);
    await put(true);
    // Pub/sub delivers in milliseconds; the account lookup's TTL (30 s) would be the only other way.
    await expect.poll(() => onSecond('/api/account/my-profile'), { timeout: 2000 }).toBe(200);
    expect(await onSecond('/connect/userinfo')).toBe(200);
  });
});
