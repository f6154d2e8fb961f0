import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/create-test-app.js';
import {
  type ApiClient,
  adminClient,
  apiClient,
  createUser,
  signedIn,
} from '../../../../test/identity-api.js';
import { withinTenant } from '../../../platform/data/data-scope.js';

let testApp: TestApp;
let admin: ApiClient;
let lookupUser: { id: string };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await adminClient(testApp.app);
  for (const name of ['lookup-a', 'lookup-b', 'lookup-c'])
    await createUser(admin, name, { name: 'Look' });
  lookupUser = await createUser(admin, 'integration');
  // `AbpIdentity.UserLookup` is meant for OAuth clients (provider C, user-lookup-client.routes.test
  // .ts), but a grant to the web client would reach the administrator too: a grant to one user
  // keeps this test's "administrator without the permission" case.
  await withinTenant(null, () =>
    testApp.app.services.permissions.setGranted('AbpIdentity.UserLookup', 'U', lookupUser.id, true),
  );
});
afterAll(() => testApp.close());

const base = '/api/identity/users/lookup';

describe('user lookup API', () => {
  it('answers 401 without a token and 403 to an administrator without the lookup permission', async () => {
    expect((await apiClient(testApp.app).get(`${base}/count`)).statusCode).toBe(401);
    expect((await admin.get(`${base}/count`)).statusCode).toBe(403);
    expect((await admin.get(`${base}/search`)).statusCode).toBe(403);
  });

  it("finds, searches and counts users as ABP's UserData", async () => {
    const client = await signedIn(testApp.app, 'integration');
    const byId = await client.get(`${base}/${lookupUser.id}`);
    expect(byId.json()).toEqual({
      id: lookupUser.id,
      tenantId: null,
      userName: 'integration',
      name: null,
      surname: null,
      email: 'integration@example.test',
      emailConfirmed: false,
      phoneNumber: null,
      phoneNumberConfirmed: false,
    });
    expect((await client.get(`${base}/by-username/INTEGRATION`)).json().id).toBe(lookupUser.id);
    expect((await client.get(`${base}/${crypto.randomUUID()}`)).statusCode).toBe(204);
    expect((await client.get(`${base}/by-username/nobody`)).statusCode).toBe(204);
    const search = (
      await client.get(`${base}/search?filter=look&sorting=userName desc&maxResultCount=2`)
    ).json();
    expect(search.items.map((u: { userName: string }) => u.userName)).toEqual([
      'lookup-c',
      'lookup-b',
    ]);
    expect((await client.get(`${base}/count?filter=look`)).json()).toBe(3);
    expect((await client.get(`${base}/count`)).json()).toBe(5);
  });
});
