import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../../test/create-test-app.js';
import { adminClient, createUser, signedIn } from '../../../../test/identity-api.js';
import { createTenant, WEB_CLIENT } from '../../../../test/sign-in-helpers.js';
import { CLIENT_PROVIDER } from '../../../platform/authorization/permission-checker.js';
import { withinTenant } from '../../../platform/data/data-scope.js';

const LOOKUP = 'AbpIdentity.UserLookup';
const count = '/api/identity/users/lookup/count';

let testApp: TestApp;
let tenantId: string;

/** A grant to the web client (provider C), on the host unless a tenant is named. */
const grantToClient = (isGranted: boolean, tenant: string | null = null) =>
  withinTenant(tenant, () =>
    testApp.app.services.permissions.setGranted(LOOKUP, CLIENT_PROVIDER, WEB_CLIENT, isGranted),
  );

beforeAll(async () => {
  testApp = await createTestApp();
  await createUser(await adminClient(testApp.app), 'plain');
  tenantId = await createTenant(testApp.app, 'lookup-tenant');
});
afterAll(() => testApp.close());

describe("the client permission provider (ABP's ClientPermissionValueProvider)", () => {
  it('grants AbpIdentity.UserLookup to every token the client was issued, and stops with the grant', async () => {
    const plain = await signedIn(testApp.app, 'plain');
    expect((await plain.get(count)).statusCode).toBe(403);

    await grantToClient(true);
    try {
      const answer = await plain.get(count);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toBeGreaterThanOrEqual(2);
      const configuration = (await plain.get('/api/abp/application-configuration')).json();
      expect(configuration.auth.grantedPolicies[LOOKUP]).toBe(true);
    } finally {
      await grantToClient(false);
    }
    expect((await plain.get(count)).statusCode).toBe(403);
  });

  it("reads the client's grants on the host for a tenant's user, who still sees only the tenant", async () => {
    const tenantAdmin = await signedIn(testApp.app, 'admin', TEST_ADMIN_PASSWORD, 'lookup-tenant');
    // A grant to C stored inside the tenant is not the client's: clients belong to the host.
    await grantToClient(true, tenantId);
    expect((await tenantAdmin.get(count)).statusCode).toBe(403);
    await grantToClient(false, tenantId);

    await grantToClient(true);
    try {
      const answer = await tenantAdmin.get(count);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toBe(1);
    } finally {
      await grantToClient(false);
    }
  });
});
