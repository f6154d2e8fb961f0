import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { createTenant } from '../../../test/sign-in-helpers.js';

let t: TestApp;
let acmeId: string;

beforeAll(async () => {
  t = await createTestApp();
  acmeId = await createTenant(t.app, 'Acme');
});
afterAll(() => t.close());

const lookUp = async (path: string) => {
  // The tenant switch box asks with an empty tenant header (the host), anonymously.
  const response = await t.app.inject({ url: path, headers: { __tenant: '' } });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("ABP's tenant lookups", () => {
  it('find a tenant by its name whatever the case, and by its id', async () => {
    const found = {
      success: true,
      tenantId: acmeId,
      name: 'Acme',
      normalizedName: 'ACME',
      isActive: true,
    };
    expect(await lookUp('/api/abp/multi-tenancy/tenants/by-name/aCmE')).toEqual(found);
    expect(await lookUp(`/api/abp/multi-tenancy/tenants/by-id/${acmeId.toUpperCase()}`)).toEqual(
      found,
    );
  });

  it('answer an unknown tenant with success false, not 404', async () => {
    const missing = {
      success: false,
      tenantId: null,
      name: null,
      normalizedName: null,
      isActive: false,
    };
    expect(await lookUp('/api/abp/multi-tenancy/tenants/by-name/nosuch')).toEqual(missing);
    expect(await lookUp(`/api/abp/multi-tenancy/tenants/by-id/${crypto.randomUUID()}`)).toEqual(
      missing,
    );
  });
});
