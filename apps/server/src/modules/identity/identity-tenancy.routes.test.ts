import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import {
  type ApiClient,
  adminClient,
  createRole,
  createUser,
  setPermissions,
} from '../../../test/identity-api.js';
import { createTenant } from '../../../test/sign-in-helpers.js';

let testApp: TestApp;
let host: ApiClient;
let acme: ApiClient;
let globex: ApiClient;
let acmeId: string;
let globexId: string;
const ids: Record<string, { id: string; concurrencyStamp: string }> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  acmeId = await createTenant(testApp.app, 'Acme');
  globexId = await createTenant(testApp.app, 'Globex');
  host = await adminClient(testApp.app);
  acme = await adminClient(testApp.app, acmeId);
  globex = await adminClient(testApp.app, globexId);
  ids.hostUser = await createUser(host, 'shared');
  ids.acmeUser = await createUser(acme, 'shared');
  ids.globexUser = await createUser(globex, 'only-globex');
  ids.globexRole = await createRole(globex, 'GlobexRole');
});
afterAll(() => testApp.close());

const users = '/api/identity/users';

describe('tenant isolation of identity administration', () => {
  it('lets the same user name and role name live in every tenant', async () => {
    expect(ids.acmeUser?.id).not.toBe(ids.hostUser?.id);
    await createRole(acme, 'GlobexRole');
  });

  it("lists, finds and counts only the caller's tenant", async () => {
    const names = async (api: ApiClient) =>
      (await api.get(users))
        .json()
        .items.map((u: { userName: string; tenantId: string | null }) => [u.userName, u.tenantId]);
    expect(await names(acme)).toEqual([
      ['admin', acmeId],
      ['shared', acmeId],
    ]);
    expect(await names(host)).toEqual([
      ['admin', null],
      ['shared', null],
    ]);
    expect((await acme.get(`${users}/by-username/only-globex`)).statusCode).toBe(204);
    expect((await acme.get(`${users}/by-email/only-globex@example.test`)).statusCode).toBe(204);
    expect((await acme.get(`${users}?filter=globex`)).json().totalCount).toBe(0);
    const roles = (await acme.get('/api/identity/roles/all'))
      .json()
      .items.map((r: { name: string }) => r.name);
    expect(roles).toEqual(['admin', 'GlobexRole']);
  });

  it.each([
    ['a host user', 'hostUser'],
    ['another tenant user', 'globexUser'],
  ])('cannot read, change, unlock, sign out, re-role or delete %s by id', async (_, key) => {
    const target = ids[key];
    if (!target) throw new Error('missing fixture');
    const url = `${users}/${target.id}`;
    expect((await acme.get(url)).statusCode).toBe(404);
    expect((await acme.get(`${url}/roles`)).statusCode).toBe(404);
    const update = await acme.put(url, {
      userName: 'hijacked',
      email: 'hijacked@example.test',
      password: 'Hijack3d!',
      concurrencyStamp: target.concurrencyStamp,
    });
    expect(update.statusCode).toBe(404);
    expect((await acme.put(`${url}/roles`, { roleNames: ['admin'] })).statusCode).toBe(404);
    expect((await acme.post(`${url}/unlock`)).statusCode).toBe(404);
    expect((await acme.post(`${url}/logout`)).statusCode).toBe(404);
    // ABP's delete of an unknown id is a quiet 204: here the row is out of sight, so untouched.
    expect((await acme.delete(url)).statusCode).toBe(204);
    const owner = key === 'hostUser' ? host : globex;
    expect((await owner.get(url)).json()).toMatchObject({ id: target.id, isDeleted: false });
    expect((await owner.get(url)).json()).toMatchObject({
      concurrencyStamp: target.concurrencyStamp,
    });
    expect((await owner.get(url)).json().userName).not.toBe('hijacked');
  });

  it("cannot touch another tenant's role or any grant of another tenant's user", async () => {
    const role = ids.globexRole;
    if (!role) throw new Error('missing fixture');
    expect((await acme.get(`/api/identity/roles/${role.id}`)).statusCode).toBe(404);
    const rename = await acme.put(`/api/identity/roles/${role.id}`, {
      name: 'x',
      concurrencyStamp: role.concurrencyStamp,
    });
    expect(rename.statusCode).toBe(404);
    expect((await acme.delete(`/api/identity/roles/${role.id}`)).statusCode).toBe(204);
    expect((await globex.get(`/api/identity/roles/${role.id}`)).json().name).toBe('GlobexRole');
    const foreignUser = `/api/permission-management/permissions?providerName=U&providerKey=${ids.globexUser?.id}`;
    expect((await acme.get(foreignUser)).statusCode).toBe(404);
    expect(
      (
        await acme.put(foreignUser, {
          permissions: [{ name: 'AbpIdentity.Users', isGranted: true }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('grants within the tenant only, and offers a tenant no host-side permission', async () => {
    await setPermissions(acme, 'R', 'GlobexRole', { 'AbpIdentity.Users': true });
    const inGlobex = (
      await globex.get(
        '/api/permission-management/permissions?providerName=R&providerKey=GlobexRole',
      )
    ).json();
    const granted = inGlobex.groups
      .flatMap((g: { permissions: { isGranted: boolean }[] }) => g.permissions)
      .filter((p: { isGranted: boolean }) => p.isGranted);
    expect(granted).toEqual([]);
    const tree = (
      await acme.get('/api/permission-management/permissions?providerName=R&providerKey=admin')
    ).json();
    expect(tree.groups.map((g: { name: string }) => g.name)).not.toContain('AbpTenantManagement');
    const hostOnly = await acme.put(
      '/api/permission-management/permissions?providerName=R&providerKey=admin',
      {
        permissions: [{ name: 'AbpTenantManagement.Tenants', isGranted: true }],
      },
    );
    expect(hostOnly.statusCode).toBe(400);
  });
});
