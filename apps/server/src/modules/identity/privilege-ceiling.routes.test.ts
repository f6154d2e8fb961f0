import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import {
  type ApiClient,
  adminClient,
  createRole,
  createUser,
  errorOf,
  setPermissions,
  signedIn,
  USER_PASSWORD,
} from '../../../test/identity-api.js';
import { passwordGrant } from '../../../test/sign-in-helpers.js';

// A help-desk account (users and their roles, nothing else) against the administrator it serves:
// under ABP's rules it could make itself administrator or take the administrator's password.

const users = '/api/identity/users';
const roles = '/api/identity/roles';
const permissionsOf = (provider: 'R' | 'U', key: string) =>
  `/api/permission-management/permissions?providerName=${provider}&providerKey=${encodeURIComponent(key)}`;

let testApp: TestApp;
let admin: ApiClient;
let helpdesk: ApiClient;
let helpdeskUser: { id: string; concurrencyStamp: string } & Record<string, unknown>;
let adminUser: { id: string; concurrencyStamp: string } & Record<string, unknown>;

const roleNamed = async (name: string) =>
  (await admin.get(`${roles}/all`))
    .json()
    .items.find((role: { name: string }) => role.name === name);

const editOf = (user: Record<string, unknown>, changes: Record<string, unknown> = {}) => ({
  userName: user.userName,
  email: user.email,
  isActive: user.isActive,
  lockoutEnabled: user.lockoutEnabled,
  concurrencyStamp: user.concurrencyStamp,
  ...changes,
});

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await adminClient(testApp.app);
  adminUser = (await admin.get(`${users}/by-username/admin`)).json();
  await createRole(admin, 'Helpdesk');
  await setPermissions(admin, 'R', 'Helpdesk', {
    'AbpIdentity.Users': true,
    'AbpIdentity.Users.Create': true,
    'AbpIdentity.Users.Update': true,
    'AbpIdentity.Users.Delete': true,
    'AbpIdentity.Users.ManagePermissions': true,
    'AbpIdentity.Roles': true,
    'AbpIdentity.Roles.Update': true,
  });
  // A role the help desk may hand out: it holds nothing the help desk lacks.
  await createRole(admin, 'Readers');
  await setPermissions(admin, 'R', 'Readers', { 'AbpIdentity.Users': true });
  helpdeskUser = await createUser(admin, 'helpdesk', { roleNames: ['Helpdesk'] });
  helpdesk = await signedIn(testApp.app, 'helpdesk');
});
afterAll(() => testApp.close());

describe('no one hands out more than they hold', () => {
  it('refuses the admin role to oneself, and to a new user, naming the role', async () => {
    const me = (await helpdesk.get(`${users}/${helpdeskUser.id}`)).json();
    const promote = await helpdesk.put(
      `${users}/${me.id}`,
      editOf(me, { roleNames: ['Helpdesk', 'admin'] }),
    );
    expect(promote.statusCode).toBe(403);
    expect(errorOf(promote)).toMatchObject({
      code: 'Volo.Abp.Identity:MorePrivilegedRole',
      message:
        "You cannot give or change the role 'admin': it has permissions that you do not have.",
    });
    const viaRoles = await helpdesk.put(`${users}/${me.id}/roles`, {
      roleNames: ['Helpdesk', 'admin'],
    });
    expect(errorOf(viaRoles).code).toBe('Volo.Abp.Identity:MorePrivilegedRole');
    const accomplice = await helpdesk.post(users, {
      userName: 'accomplice',
      email: 'accomplice@example.test',
      password: USER_PASSWORD,
      roleNames: ['admin'],
    });
    expect(errorOf(accomplice).code).toBe('Volo.Abp.Identity:MorePrivilegedRole');
    expect((await helpdesk.get(`${users}/by-username/accomplice`)).statusCode).toBe(204);
    expect((await admin.get(`${users}/${me.id}/roles`)).json().items).toEqual([
      expect.objectContaining({ name: 'Helpdesk' }),
    ]);
  });

  it("leaves the administrator's password, status, sessions and existence alone", async () => {
    const target = (await admin.get(`${users}/${adminUser.id}`)).json();
    const answers = [
      await helpdesk.put(`${users}/${target.id}`, editOf(target, { password: 'Hacked1!x' })),
      await helpdesk.put(`${users}/${target.id}`, editOf(target, { email: 'mine@example.test' })),
      await helpdesk.delete(`${users}/${target.id}`),
      await helpdesk.post(`${users}/${target.id}/logout`),
      await helpdesk.post(`${users}/${target.id}/unlock`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(403);
      expect(errorOf(answer)).toMatchObject({
        code: 'Volo.Abp.Identity:MorePrivilegedUser',
        message: 'You cannot change this user: they have permissions that you do not have.',
      });
    }
    expect((await passwordGrant(testApp.app, { password: TEST_ADMIN_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await admin.get(`${users}/${target.id}`)).json().concurrencyStamp).toBe(
      target.concurrencyStamp,
    );
  });

  it('manages its peers: roles it covers, passwords, deletion', async () => {
    const peer = await createUser(admin, 'peer');
    const edited = await helpdesk.put(
      `${users}/${peer.id}`,
      editOf(peer, { roleNames: ['Readers'], password: 'N3w-pass!' }),
    );
    expect(edited.statusCode).toBe(200);
    expect((await helpdesk.get(`${users}/${peer.id}/roles`)).json().items).toEqual([
      expect.objectContaining({ name: 'Readers' }),
    ]);
    expect((await helpdesk.delete(`${users}/${peer.id}`)).statusCode).toBe(204);
  });

  it('may not make a role it does not cover the default one; renames one it covers', async () => {
    const adminRole = await roleNamed('admin');
    const makeDefault = await helpdesk.put(`${roles}/${adminRole.id}`, {
      name: 'admin',
      isDefault: true,
      isPublic: adminRole.isPublic,
      concurrencyStamp: adminRole.concurrencyStamp,
    });
    expect(errorOf(makeDefault).code).toBe('Volo.Abp.Identity:MorePrivilegedRole');
    const readers = await roleNamed('Readers');
    const renamed = await helpdesk.put(`${roles}/${readers.id}`, {
      name: 'Viewers',
      isDefault: false,
      isPublic: false,
      concurrencyStamp: readers.concurrencyStamp,
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('grants only permissions it holds, and only to users it covers', async () => {
    const peer = await createUser(admin, 'grantee');
    const grant = (name: string) => ({ permissions: [{ name, isGranted: true }] });
    const tenants = await helpdesk.put(
      permissionsOf('U', peer.id),
      grant('AbpTenantManagement.Tenants'),
    );
    expect(tenants.statusCode).toBe(403);
    expect(errorOf(tenants)).toMatchObject({
      code: 'Volo.Abp.Identity:PermissionNotHeld',
      message: 'You cannot grant permissions that you do not have yourself.',
    });
    const own = await helpdesk.put(
      permissionsOf('U', helpdeskUser.id),
      grant('AbpIdentity.Roles.ManagePermissions'),
    );
    expect(errorOf(own).code).toBe('Volo.Abp.Identity:PermissionNotHeld');
    const strip = await helpdesk.put(permissionsOf('U', adminUser.id), {
      permissions: [{ name: 'AbpIdentity.Users', isGranted: false }],
    });
    expect(errorOf(strip).code).toBe('Volo.Abp.Identity:MorePrivilegedUser');
    const held = await helpdesk.put(permissionsOf('U', peer.id), grant('AbpIdentity.Users'));
    expect(held.statusCode).toBe(204);
  });

  it('says which assignable roles the caller may give, so the Roles tab can grey out the others', async () => {
    const mayAssign = async (client: ApiClient) =>
      Object.fromEntries(
        (await client.get(`${users}/assignable-roles`))
          .json()
          .items.map((role: { name: string; extraProperties: { CallerMayAssign: boolean } }) => [
            role.name,
            role.extraProperties.CallerMayAssign,
          ]),
      );
    expect(await mayAssign(helpdesk)).toMatchObject({
      admin: false,
      Viewers: true,
      Helpdesk: true,
    });
    expect(await mayAssign(admin)).toMatchObject({ admin: true, Viewers: true, Helpdesk: true });
  });
});
