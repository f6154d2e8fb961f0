import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../../test/create-test-app.js';
import {
  type ApiClient,
  adminClient,
  apiClient,
  createRole,
  createUser,
  errorOf,
  setPermissions,
  signedIn,
} from '../../../../test/identity-api.js';
import { accessTokenFor, bearer } from '../../../../test/sign-in.js';

let testApp: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await adminClient(testApp.app);
});
afterAll(() => testApp.close());

const roles = '/api/identity/roles';
const permissionsOf = (role: string) =>
  `/api/permission-management/permissions?providerName=R&providerKey=${role}`;

describe('roles API', () => {
  it('answers 401 without a token', async () => {
    const anonymous = apiClient(testApp.app);
    expect((await anonymous.get(roles)).statusCode).toBe(401);
    expect((await anonymous.post(roles, { name: 'x' })).statusCode).toBe(401);
  });

  it('lists with filter, sorting and paging, and all roles', async () => {
    for (const name of ['Editor', 'viewer', 'Reviewer', 'auditor']) await createRole(admin, name);
    const page = await admin.get(
      `${roles}?filter=iE&sorting=name desc&skipCount=1&maxResultCount=1`,
    );
    expect(page.statusCode).toBe(200);
    // "ie" in viewer and Reviewer (case-insensitive contains), by name descending, second page.
    expect(page.json()).toMatchObject({ totalCount: 2, items: [{ name: 'Reviewer' }] });
    const escaped = await admin.get(`${roles}?filter=${encodeURIComponent('%')}`);
    expect(escaped.json().totalCount).toBe(0);
    const byDefault = (await admin.get(roles)).json();
    expect(byDefault.items.map((role: { name: string }) => role.name)).toEqual([
      'admin',
      'auditor',
      'Editor',
      'Reviewer',
      'viewer',
    ]);
    const all = (await admin.get(`${roles}/all`)).json();
    expect(all.items).toHaveLength(5);
    expect(all.items[0]).toMatchObject({
      name: 'admin',
      isStatic: true,
      isPublic: true,
      isDefault: false,
    });
  });

  it('refuses an unknown sorting key or too large a page with 400', async () => {
    expect((await admin.get(`${roles}?sorting=password asc`)).statusCode).toBe(400);
    expect((await admin.get(`${roles}?maxResultCount=1001`)).statusCode).toBe(400);
  });

  it('gets a role by id, and 404 for an unknown id', async () => {
    const role = await createRole(admin, 'Getter', { isDefault: true, isPublic: true });
    const got = await admin.get(`${roles}/${role.id}`);
    expect(got.json()).toMatchObject({
      name: 'Getter',
      isDefault: true,
      isPublic: true,
      isStatic: false,
      extraProperties: {},
    });
    const missing = await admin.get(`${roles}/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
  });

  it('keeps role names unique per tenant, whatever the case (403, as ABP)', async () => {
    await createRole(admin, 'Unique');
    const duplicate = await admin.post(roles, { name: 'UNIQUE' });
    expect(duplicate.statusCode).toBe(403);
    expect(errorOf(duplicate)).toMatchObject({
      code: 'Volo.Abp.Identity:DuplicateRoleName',
      message: "Role name 'UNIQUE' is already taken.",
    });
    const other = await createRole(admin, 'Other');
    const renamed = await admin.put(`${roles}/${other.id}`, {
      name: 'unique',
      concurrencyStamp: other.concurrencyStamp,
    });
    expect(renamed.statusCode).toBe(403);
  });

  it('takes PascalCase members as ASP.NET Core does, for roles and their permissions', async () => {
    const created = await admin.post(roles, { Name: 'Pascal', IsDefault: true, IsPublic: true });
    expect(created.statusCode).toBe(200);
    const role = created.json();
    expect(role).toMatchObject({ name: 'Pascal', isDefault: true, isPublic: true });
    const updated = await admin.put(`${roles}/${role.id}`, {
      Name: 'Pascal',
      IsDefault: false,
      ConcurrencyStamp: role.concurrencyStamp,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ isDefault: false });
    const granted = await admin.put(permissionsOf('Pascal'), {
      Permissions: [{ Name: 'AbpIdentity.Roles', IsGranted: true }],
    });
    expect(granted.statusCode).toBe(204);
    const tree = (await admin.get(permissionsOf('Pascal'))).json();
    const all = tree.groups.flatMap((group: { permissions: unknown[] }) => group.permissions);
    expect(all).toContainEqual(
      expect.objectContaining({ name: 'AbpIdentity.Roles', isGranted: true }),
    );
  });

  it('keeps a name without the spaces around it, so that a spaced copy is a duplicate', async () => {
    const spaced = await admin.post(roles, { name: '  Spaced  ' });
    expect(spaced.statusCode).toBe(200);
    expect(spaced.json()).toMatchObject({ name: 'Spaced' });
    expect((await admin.post(roles, { name: 'spaced ' })).statusCode).toBe(403);
    const blank = await admin.post(roles, { name: '   ' });
    expect(blank.statusCode).toBe(400);
  });

  it('keeps the default and public flags an update leaves out', async () => {
    const role = await createRole(admin, 'Flagged', { isDefault: true, isPublic: true });
    const renamed = await admin.put(`${roles}/${role.id}`, {
      name: 'Flagged2',
      concurrencyStamp: role.concurrencyStamp,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Flagged2', isDefault: true, isPublic: true });
    const cleared = await admin.put(`${roles}/${role.id}`, {
      name: 'Flagged2',
      isDefault: false,
      concurrencyStamp: renamed.json().concurrencyStamp,
    });
    expect(cleared.json()).toMatchObject({ isDefault: false, isPublic: true });
  });

  it('refuses a stale concurrency stamp with 409, and checks none when none is sent', async () => {
    const role = await createRole(admin, 'Stamped');
    const first = await admin.put(`${roles}/${role.id}`, {
      name: 'Stamped',
      isDefault: true,
      concurrencyStamp: role.concurrencyStamp,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().concurrencyStamp).not.toBe(role.concurrencyStamp);
    const stale = await admin.put(`${roles}/${role.id}`, {
      name: 'Stamped2',
      concurrencyStamp: role.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    expect((await admin.get(`${roles}/${role.id}`)).json().name).toBe('Stamped');
    const unstamped = await admin.put(`${roles}/${role.id}`, { name: 'Stamped3' });
    expect(unstamped.json()).toMatchObject({ name: 'Stamped3', isDefault: true });
  });

  it('never renames nor deletes a static role, but lets its flags change', async () => {
    const adminRole = (await admin.get(`${roles}/all`))
      .json()
      .items.find((r: { name: string }) => r.name === 'admin');
    const rename = await admin.put(`${roles}/${adminRole.id}`, {
      name: 'boss',
      concurrencyStamp: adminRole.concurrencyStamp,
    });
    expect(rename.statusCode).toBe(403);
    expect(errorOf(rename)).toMatchObject({
      code: 'Volo.Abp.Identity:010005',
      message: 'Static roles can not be renamed.',
    });
    const flags = await admin.put(`${roles}/${adminRole.id}`, {
      name: 'admin',
      isPublic: false,
      concurrencyStamp: adminRole.concurrencyStamp,
    });
    expect(flags.json()).toMatchObject({ name: 'admin', isPublic: false, isStatic: true });
    const removal = await admin.delete(`${roles}/${adminRole.id}`);
    expect(removal.statusCode).toBe(403);
    expect(errorOf(removal).code).toBe('Volo.Abp.Identity:010006');
  });

  it('moves permission grants with a rename; members keep them on the same token', async () => {
    const role = await createRole(admin, 'Writers');
    await setPermissions(admin, 'R', 'Writers', { 'AbpIdentity.Users': true });
    await createUser(admin, 'writer1', { roleNames: ['Writers'] });
    const writer = await signedIn(testApp.app, 'writer1');
    expect((await writer.get('/api/identity/users')).statusCode).toBe(200);

    const renamed = await admin.put(`${roles}/${role.id}`, {
      name: 'Authors',
      concurrencyStamp: role.concurrencyStamp,
    });
    expect(renamed.statusCode).toBe(200);
    const granted = (await admin.get(permissionsOf('Authors'))).json();
    expect(granted.entityDisplayName).toBe('Authors');
    const users = granted.groups[0].permissions.find(
      (p: { name: string }) => p.name === 'AbpIdentity.Users',
    );
    expect(users).toMatchObject({
      isGranted: true,
      grantedProviders: [{ providerName: 'R', providerKey: 'Authors' }],
    });
    expect((await admin.get(permissionsOf('Writers'))).statusCode).toBe(404);
    // The member's cached account was dropped: its role is now "Authors", which holds the grant.
    expect((await writer.get('/api/identity/users')).statusCode).toBe(200);
    expect((await admin.get(`/api/identity/users/by-username/writer1`)).statusCode).toBe(200);
  });

  it('grants permissions to a role of the longest name, and keeps them through a rename', async () => {
    const short = 'Longer names';
    const longest = 'L'.repeat(256);
    const role = await createRole(admin, short);
    await setPermissions(admin, 'R', short, { 'AbpIdentity.Users': true });
    const renamed = await admin.put(`${roles}/${role.id}`, {
      name: longest,
      concurrencyStamp: role.concurrencyStamp,
    });
    expect(renamed.statusCode).toBe(200);
    await setPermissions(admin, 'R', longest, { 'AbpIdentity.Roles': true });
    const granted = (await admin.get(permissionsOf(longest))).json();
    const names = granted.groups
      .flatMap(
        (group: { permissions: { name: string; isGranted: boolean }[] }) => group.permissions,
      )
      .filter((permission: { isGranted: boolean }) => permission.isGranted)
      .map((permission: { name: string }) => permission.name);
    expect(names).toEqual(['AbpIdentity.Roles', 'AbpIdentity.Users']);
  });

  it('deletes a role with its grants and user links; an unknown id is a quiet 204', async () => {
    const role = await createRole(admin, 'Doomed');
    await setPermissions(admin, 'R', 'Doomed', { 'AbpIdentity.Roles': true });
    const member = await createUser(admin, 'doomed1', { roleNames: ['Doomed'] });
    const memberApi = await signedIn(testApp.app, 'doomed1');
    expect((await memberApi.get(roles)).statusCode).toBe(200);

    expect((await admin.delete(`${roles}/${role.id}`)).statusCode).toBe(204);
    expect((await admin.get(`${roles}/${role.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/identity/users/${member.id}/roles`)).json().items).toEqual([]);
    // Same token: the role and its permission are gone at once.
    expect((await memberApi.get(roles)).statusCode).toBe(403);
    // A new role of the same name starts without the old grants.
    await createRole(admin, 'Doomed');
    const fresh = (await admin.get(permissionsOf('Doomed'))).json();
    expect(
      fresh.groups
        .flatMap((g: { permissions: { isGranted: boolean }[] }) => g.permissions)
        .some((p: { isGranted: boolean }) => p.isGranted),
    ).toBe(false);

    expect((await admin.delete(`${roles}/${crypto.randomUUID()}`)).statusCode).toBe(204);
  });

  it("takes ABP's jQuery calls: a JSON content type and no body, on a delete or a create", async () => {
    const token = await accessTokenFor(testApp.app, 'admin', TEST_ADMIN_PASSWORD);
    const jquery = (method: 'POST' | 'DELETE', url: string) =>
      testApp.app.inject({
        method,
        url,
        headers: { ...bearer(token), 'content-type': 'application/json', 'accept-language': 'en' },
      });
    const role = await createRole(admin, 'Jquery');
    expect((await jquery('DELETE', `${roles}/${role.id}`)).statusCode).toBe(204);
    expect((await admin.get(`${roles}/${role.id}`)).statusCode).toBe(404);
    // A create without its body: ASP.NET's words for a [FromBody] parameter it did not get.
    const created = await jquery('POST', roles);
    expect(created.statusCode).toBe(400);
    expect(created.json().error.validationErrors).toEqual([
      { message: 'The input field is required.', members: ['input'] },
    ]);
  });

  it('needs the child permission for each change (403), the parent to read', async () => {
    await createRole(admin, 'RoleReaders');
    await setPermissions(admin, 'R', 'RoleReaders', { 'AbpIdentity.Roles': true });
    await createUser(admin, 'rolereader', { roleNames: ['RoleReaders'] });
    const reader = await signedIn(testApp.app, 'rolereader');
    const target = await createRole(admin, 'Target');
    expect((await reader.get(roles)).statusCode).toBe(200);
    expect((await reader.get(`${roles}/all`)).statusCode).toBe(200);
    expect((await reader.get(`${roles}/${target.id}`)).statusCode).toBe(200);
    expect((await reader.post(roles, { name: 'Nope' })).statusCode).toBe(403);
    const update = await reader.put(`${roles}/${target.id}`, {
      name: 'Nope',
      concurrencyStamp: target.concurrencyStamp,
    });
    expect(update.statusCode).toBe(403);
    expect(errorOf(update).code).toBe('AbpExceptionHandling:DefaultErrorMessage403');
    expect((await reader.delete(`${roles}/${target.id}`)).statusCode).toBe(403);
    expect((await reader.get(permissionsOf('Target'))).statusCode).toBe(403);
    expect((await admin.get(`${roles}/${target.id}`)).json().name).toBe('Target');
  });
});
