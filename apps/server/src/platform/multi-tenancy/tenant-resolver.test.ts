import { describe, expect, it } from 'vitest';
import { BusinessError } from '../errors/business-error.js';
import { createTenantResolver, type TenantResolveSources } from './tenant-resolver.js';
import type { TenantInfo, TenantStore } from './tenant-store.js';

const acme: TenantInfo = {
  id: '6f1c2f3e-9a7b-4c1d-8e2f-0a1b2c3d4e5f',
  name: 'Acme',
  isActive: true,
};
const dormant: TenantInfo = {
  id: '7f1c2f3e-9a7b-4c1d-8e2f-0a1b2c3d4e5f',
  name: 'Dormant',
  isActive: false,
};
const store: TenantStore = {
  findById: async (id) => [acme, dormant].find((tenant) => tenant.id === id),
  findByName: async (name) =>
    [acme, dormant].find((tenant) => tenant.name.toLowerCase() === name.toLowerCase()),
};
const sources = (overrides: Partial<TenantResolveSources> = {}): TenantResolveSources => ({
  userTenantId: undefined,
  query: {},
  headers: {},
  cookies: {},
  hostname: 'localhost',
  ...overrides,
});
const resolver = createTenantResolver(store, {
  isEnabled: true,
  tenantKey: '__tenant',
  hostPattern: '{0}.vineta.example',
});

describe('tenant resolution', () => {
  it("follows ABP's order: user, query, header, cookie, host name", async () => {
    const all = sources({
      userTenantId: acme.id,
      query: { __tenant: 'nobody-query' },
      headers: { __tenant: 'nobody-header' },
      cookies: { __tenant: 'nobody-cookie' },
      hostname: 'nobody.vineta.example',
    });
    expect(await resolver.resolve(all)).toEqual(acme);
    await expect(resolver.resolve({ ...all, userTenantId: undefined })).rejects.toThrow(
      BusinessError,
    );
    expect(
      await resolver.resolve(
        sources({ headers: { __tenant: 'acme' }, cookies: { __tenant: 'x' } }),
      ),
    ).toEqual(acme);
    expect(await resolver.resolve(sources({ cookies: { __tenant: acme.id } }))).toEqual(acme);
    expect(await resolver.resolve(sources({ hostname: 'acme.vineta.example' }))).toEqual(acme);
  });

  it('keeps a host user on the host whatever the request names', async () => {
    expect(
      await resolver.resolve(sources({ userTenantId: null, headers: { __tenant: 'acme' } })),
    ).toBeUndefined();
  });

  it('takes an empty value as the host and stops there', async () => {
    expect(
      await resolver.resolve(sources({ headers: { __tenant: '' }, cookies: { __tenant: 'acme' } })),
    ).toBeUndefined();
    expect(await resolver.resolve(sources({ hostname: 'vineta.example' }))).toBeUndefined();
  });

  it('names the unknown tenant (404) and refuses an inactive one (403)', async () => {
    const failure = (resolved: unknown) => Promise.resolve(resolved).catch((error) => error);
    const unknown = await failure(resolver.resolve(sources({ query: { __tenant: 'ghost' } })));
    expect(unknown).toMatchObject({ status: 404, data: { 0: 'ghost' } });
    const inactive = await failure(resolver.resolve(sources({ query: { __tenant: 'dormant' } })));
    expect(inactive).toMatchObject({ status: 403 });
  });

  it('takes a name with a NUL or a lone surrogate for an unknown tenant, without asking the store', async () => {
    const refusing: TenantStore = {
      findById: () => Promise.reject(new Error('looked up')),
      findByName: () => Promise.reject(new Error('looked up')),
    };
    const strict = createTenantResolver(refusing, {
      isEnabled: true,
      tenantKey: '__tenant',
      hostPattern: undefined,
    });
    for (const name of ['acme\0', 'acme\uD800']) {
      const unknown = await Promise.resolve(
        strict.resolve(sources({ query: { __tenant: name } })),
      ).catch((error) => error);
      expect(unknown).toMatchObject({ status: 404, data: { 0: name } });
    }
  });

  it("answers at once from a store that has the user's tenant at hand, and rejects (not throws) an inactive one", async () => {
    const cachedStore: TenantStore = {
      findById: (id) => [acme, dormant].find((tenant) => tenant.id === id),
      findByName: (name) => [acme, dormant].find((tenant) => tenant.name === name),
    };
    const cached = createTenantResolver(cachedStore, {
      isEnabled: true,
      tenantKey: '__tenant',
      hostPattern: undefined,
    });
    expect(cached.resolve(sources({ userTenantId: acme.id }))).toEqual(acme);
    expect(cached.resolve(sources({ userTenantId: null }))).toBeUndefined();
    expect(cached.resolve(sources())).toBeUndefined();
    const inactive = cached.resolve(sources({ userTenantId: dormant.id }));
    expect(inactive).toBeInstanceOf(Promise);
    await expect(inactive).rejects.toMatchObject({ status: 403 });
  });

  it('honours another tenant key and ignores everything when multi-tenancy is off', async () => {
    const custom = createTenantResolver(store, {
      isEnabled: true,
      tenantKey: 'tenant',
      hostPattern: undefined,
    });
    expect(await custom.resolve(sources({ query: { tenant: 'acme' } }))).toEqual(acme);
    expect(await custom.resolve(sources({ query: { __tenant: 'acme' } }))).toBeUndefined();
    const off = createTenantResolver(store, {
      isEnabled: false,
      tenantKey: '__tenant',
      hostPattern: undefined,
    });
    expect(await off.resolve(sources({ query: { __tenant: 'acme' } }))).toBeUndefined();
  });
});
