import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';
import { createUser } from '../../../test/sign-in-helpers.js';

let t: TestApp;
let host: Record<string, string>;
let tenantAdmin: Record<string, string>;
let tenantId: string;
const PASSWORD = 'Tenant-Pass-1!';
const ENABLE = 'SettingManagement.Enable';
const ALLOW_EMAIL = 'SettingManagement.AllowChangingEmailSettings';

const forTenant = () => `/api/feature-management/features?providerName=T&providerKey=${tenantId}`;
const forHost = '/api/feature-management/features?providerName=T';

type Feature = { name: string; value: string; provider: { name: string; key: string | null } };
const features = async (url: string, headers = host) => {
  const response = await t.app.inject({ url, headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { groups: { features: Feature[] }[] }).groups.flatMap(
    (g) => g.features,
  );
};
const featureOf = async (url: string, name: string) =>
  (await features(url)).find((feature) => feature.name === name);
const put = (url: string, list: { name: string; value: string }[], headers = host) =>
  t.app.inject({ method: 'PUT', url, headers, payload: { features: list } });
/** `features.values` of the tenant's (or, without headers, the host's) application configuration. */
const configured = async (headers: Record<string, string>) => {
  const response = await t.app.inject({
    url: '/api/abp/application-configuration?includeLocalizationResources=false',
    headers,
  });
  return response.json().features.values as Record<string, string>;
};

beforeAll(async () => {
  t = await createTestApp();
  host = bearer(await accessTokenFor(t.app, 'admin', TEST_ADMIN_PASSWORD));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/multi-tenancy/tenants',
    headers: host,
    payload: { name: 'Acme', adminEmailAddress: 'admin@acme.mx', adminPassword: PASSWORD },
  });
  tenantId = created.json().id;
  tenantAdmin = bearer(await accessTokenFor(t.app, 'admin', PASSWORD, 'acme'));
});
afterAll(() => t.close());

describe('GET /api/feature-management/features', () => {
  it("lists a tenant's groups with value types, depth, parents and localized names", async () => {
    const response = await t.app.inject({
      url: forTenant(),
      headers: { ...host, 'accept-language': 'en' },
    });
    const [group] = response.json().groups;
    expect(group).toMatchObject({ name: 'SettingManagement', displayName: 'Setting Management' });
    expect(group.features).toEqual([
      {
        name: ENABLE,
        displayName: 'Enable setting management',
        value: 'true',
        provider: { name: 'D', key: null },
        description: 'Enable setting management system in the application.',
        valueType: {
          name: 'ToggleStringValueType',
          properties: {},
          validator: { name: 'BOOLEAN', properties: {} },
        },
        depth: 0,
        parentName: null,
      },
      expect.objectContaining({ name: ALLOW_EMAIL, value: 'false', depth: 1, parentName: ENABLE }),
    ]);
  });

  it('leaves out, for the host, features not available to the host', async () => {
    expect((await features(forHost)).map((feature) => feature.name)).toEqual([ENABLE]);
  });
});

describe('PUT /api/feature-management/features', () => {
  it("stores a tenant's value, shown with provider T, and in its configuration at once", async () => {
    expect((await configured(tenantAdmin))[ALLOW_EMAIL]).toBe('false');
    expect((await put(forTenant(), [{ name: ALLOW_EMAIL, value: 'True' }])).statusCode).toBe(204);
    expect(await featureOf(forTenant(), ALLOW_EMAIL)).toMatchObject({
      value: 'true',
      provider: { name: 'T', key: tenantId },
    });
    expect((await configured(tenantAdmin))[ALLOW_EMAIL]).toBe('true');
    // The host's own values are untouched.
    expect((await configured(host))[ENABLE]).toBe('true');
  });

  it("takes the tenant's id in capitals for the same tenant", async () => {
    const capitals = `/api/feature-management/features?providerName=T&providerKey=${tenantId.toUpperCase()}`;
    expect((await featureOf(capitals, ALLOW_EMAIL))?.provider).toEqual({
      name: 'T',
      key: tenantId,
    });
  });

  it('turns the children of a parent switched off off, and a parent on with its child', async () => {
    await put(forTenant(), [{ name: ENABLE, value: 'false' }]);
    expect(await featureOf(forTenant(), ALLOW_EMAIL)).toMatchObject({
      value: 'false',
      provider: { name: 'D', key: null },
    });
    expect(await configured(tenantAdmin)).toMatchObject({
      [ENABLE]: 'false',
      [ALLOW_EMAIL]: 'false',
    });

    await put(forTenant(), [{ name: ALLOW_EMAIL, value: 'true' }]);
    expect(await configured(tenantAdmin)).toMatchObject({
      [ENABLE]: 'true',
      [ALLOW_EMAIL]: 'true',
    });

    // Both in one request: switching the parent off wins.
    await put(forTenant(), [
      { name: ENABLE, value: 'false' },
      { name: ALLOW_EMAIL, value: 'true' },
    ]);
    expect(await configured(tenantAdmin)).toMatchObject({
      [ENABLE]: 'false',
      [ALLOW_EMAIL]: 'false',
    });
  });

  it('refuses an invalid value (naming the feature) and an unknown feature, changing nothing', async () => {
    const invalid = await put(forTenant(), [
      { name: ENABLE, value: 'true' },
      { name: ALLOW_EMAIL, value: 'maybe' },
    ]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: 'Volo.Abp.FeatureManagement:InvalidFeatureValue',
      message: `El valor de la característica '${ALLOW_EMAIL}' no es válido.`,
    });
    expect((await featureOf(forTenant(), ENABLE))?.value).toBe('false');
    const unknown = await put(forTenant(), [{ name: 'Nope', value: 'true' }]);
    expect(unknown.json().error.code).toBe('Volo.Abp.FeatureManagement:FeatureNotDefined');
    const notForHost = await put(forHost, [{ name: ALLOW_EMAIL, value: 'true' }]);
    expect(notForHost.statusCode).toBe(400);
  });

  it("sets the host's own features, which reach the host's configuration", async () => {
    expect((await put(forHost, [{ name: ENABLE, value: 'false' }])).statusCode).toBe(204);
    expect(await featureOf(forHost, ENABLE)).toMatchObject({ provider: { name: 'T', key: null } });
    expect((await configured(host))[ENABLE]).toBe('false');
    await put(forHost, [{ name: ENABLE, value: 'true' }]);
    expect(await featureOf(forHost, ENABLE)).toMatchObject({ provider: { name: 'D', key: null } });
  });
});

describe('DELETE /api/feature-management/features', () => {
  it("resets a tenant's values to the defaults", async () => {
    await put(forTenant(), [{ name: ALLOW_EMAIL, value: 'true' }]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: forTenant(), headers: host })).statusCode,
    ).toBe(204);
    const list = await features(forTenant());
    expect(list.map((feature) => feature.provider.name)).toEqual(['D', 'D']);
    expect(await configured(tenantAdmin)).toMatchObject({
      [ENABLE]: 'true',
      [ALLOW_EMAIL]: 'false',
    });
  });
});

describe('authorization and input', () => {
  it('answers 401 without a token, 403 without the policy, 404 for an unknown tenant', async () => {
    expect((await t.app.inject({ url: forHost })).statusCode).toBe(401);
    // A tenant's admin cannot manage its own features (the policy is host-side).
    expect((await t.app.inject({ url: forHost, headers: tenantAdmin })).statusCode).toBe(403);
    expect((await put(forTenant(), [], tenantAdmin)).statusCode).toBe(403);
    await createUser(t.app, null, 'plain', 'Plain-Pass-1!');
    const plain = bearer(await accessTokenFor(t.app, 'plain', 'Plain-Pass-1!'));
    expect((await t.app.inject({ url: forHost, headers: plain })).statusCode).toBe(403);
    expect((await t.app.inject({ url: forTenant(), headers: plain })).statusCode).toBe(403);
    const unknown = `/api/feature-management/features?providerName=T&providerKey=${crypto.randomUUID()}`;
    expect((await t.app.inject({ url: unknown, headers: host })).statusCode).toBe(404);
  });

  it('manages only the tenant provider', async () => {
    const edition = await t.app.inject({
      url: '/api/feature-management/features?providerName=E&providerKey=x',
      headers: host,
    });
    expect(edition.statusCode).toBe(400);
  });
});
