import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import {
  type ApiClient,
  adminClient,
  apiClient,
  createRole,
  createUser,
  errorOf,
  setPermissions,
  signedIn,
} from '../../../test/identity-api.js';
import { withinTenant } from '../../platform/data/data-scope.js';

let testApp: TestApp;
let admin: ApiClient;
let editor: { id: string };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await adminClient(testApp.app);
  await createRole(admin, 'Editors');
  await setPermissions(admin, 'R', 'Editors', { 'AbpIdentity.Roles': true });
  editor = await createUser(admin, 'ed', { roleNames: ['Editors'] });
});
afterAll(() => testApp.close());

const url = (providerName: string, providerKey: string) =>
  `/api/permission-management/permissions?providerName=${providerName}&providerKey=${encodeURIComponent(providerKey)}`;
type Permission = {
  name: string;
  isGranted: boolean;
  grantedProviders: { providerName: string; providerKey: string }[];
};
type Tree = {
  entityDisplayName: string;
  groups: { name: string; displayName: string; permissions: Permission[] }[];
};
const permissionsOf = (tree: Tree) => tree.groups.flatMap((group) => group.permissions);
const find = (tree: Tree, name: string) => permissionsOf(tree).find((p) => p.name === name);

describe('permission management API', () => {
  it("shows a role's tree on the host side with localized names and who grants what", async () => {
    const response = await admin.get(url('R', 'admin'));
    expect(response.statusCode).toBe(200);
    const tree: Tree = response.json();
    expect(tree.entityDisplayName).toBe('admin');
    expect(tree.groups.map((group) => group.name)).toEqual([
      'AbpIdentity',
      'AbpTenantManagement',
      'FeatureManagement',
      'SettingManagement',
    ]);
    expect(tree.groups[0]?.displayName).toBe('Identity management');
    expect(find(tree, 'AbpIdentity.Users.Create')).toMatchObject({
      displayName: 'Create',
      parentName: 'AbpIdentity.Users',
      isGranted: true,
      allowedProviders: [],
      grantedProviders: [{ providerName: 'R', providerKey: 'admin' }],
    });
    // Grantable to OAuth clients only: never offered for a role or a user.
    expect(find(tree, 'AbpIdentity.UserLookup')).toBeUndefined();
    // A role key in another case means the same role; grants use its stored name.
    expect((await admin.get(url('R', 'ADMIN'))).json().entityDisplayName).toBe('admin');
  });

  it("titles a user's tree with its name and lists grants through its roles", async () => {
    await setPermissions(admin, 'U', editor.id, {
      'AbpIdentity.Users': true,
      'AbpIdentity.Roles': true,
    });
    const tree: Tree = (await admin.get(url('U', editor.id))).json();
    expect(tree.entityDisplayName).toBe('ed');
    expect(find(tree, 'AbpIdentity.Roles')?.grantedProviders).toEqual([
      { providerName: 'U', providerKey: editor.id },
      { providerName: 'R', providerKey: 'Editors' },
    ]);
    expect(find(tree, 'AbpIdentity.Users')?.grantedProviders).toEqual([
      { providerName: 'U', providerKey: editor.id },
    ]);
    expect(find(tree, 'AbpIdentity.Users.Create')).toMatchObject({
      isGranted: false,
      grantedProviders: [],
    });
  });

  it('takes a user id in capitals for the same user, storing the grant under its id', async () => {
    const capitals = url('U', editor.id.toUpperCase());
    await setPermissions(admin, 'U', editor.id.toUpperCase(), { 'AbpIdentity.Users.Create': true });
    const tree: Tree = (await admin.get(capitals)).json();
    expect(tree.entityDisplayName).toBe('ed');
    expect(find(tree, 'AbpIdentity.Users.Create')?.grantedProviders).toEqual([
      { providerName: 'U', providerKey: editor.id },
    ]);
    await setPermissions(admin, 'U', editor.id, { 'AbpIdentity.Users.Create': false });
  });

  it('saves only what changed, and the user feels it at once', async () => {
    const token = await signedIn(testApp.app, 'ed');
    const policies = async () =>
      (await token.get('/api/abp/application-configuration')).json().auth.grantedPolicies;
    await setPermissions(admin, 'U', editor.id, {
      'AbpIdentity.Users': false,
      'AbpIdentity.Roles': true,
      'AbpIdentity.Roles.Create': true,
    });
    const tree: Tree = (await admin.get(url('U', editor.id))).json();
    expect(find(tree, 'AbpIdentity.Users')?.isGranted).toBe(false);
    expect(find(tree, 'AbpIdentity.Roles.Create')?.grantedProviders).toEqual([
      { providerName: 'U', providerKey: editor.id },
    ]);
    expect(await policies()).toEqual({
      'AbpIdentity.Roles': true,
      'AbpIdentity.Roles.Create': true,
    });
    // Revoking the user's own grant leaves the one it has through its role.
    await setPermissions(admin, 'U', editor.id, { 'AbpIdentity.Roles': false });
    expect(find((await admin.get(url('U', editor.id))).json(), 'AbpIdentity.Roles')).toMatchObject({
      isGranted: true,
      grantedProviders: [{ providerName: 'R', providerKey: 'Editors' }],
    });
    const stored = await withinTenant(null, () =>
      testApp.app.services.permissions.grantsOf('U', editor.id),
    );
    expect(stored).toEqual(['AbpIdentity.Roles.Create']);
  });

  it('refuses an unknown provider, an undefined permission and one not for this provider (400)', async () => {
    const provider = await admin.get(url('X', 'admin'));
    expect(provider.statusCode).toBe(400);
    expect(errorOf(provider)).toMatchObject({
      code: 'Volo.Abp.PermissionManagement:NoPolicyForProvider',
      message: "No policy defined to get/set permissions for the provider 'X'.",
    });
    expect((await admin.put(url('C', 'Vineta_App'), { permissions: [] })).statusCode).toBe(400);
    for (const name of ['Nope.Permission', 'AbpIdentity.UserLookup']) {
      const response = await admin.put(url('R', 'Editors'), {
        permissions: [{ name, isGranted: true }],
      });
      expect(response.statusCode, name).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'Volo.Abp.PermissionManagement:PermissionNotDefined',
        message: `The permission '${name}' is not defined.`,
      });
    }
    // All or nothing: the valid change beside an invalid one was not saved.
    const mixed = await admin.put(url('R', 'Editors'), {
      permissions: [
        { name: 'AbpIdentity.Users', isGranted: true },
        { name: 'Nope', isGranted: true },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect(
      find((await admin.get(url('R', 'Editors'))).json(), 'AbpIdentity.Users')?.isGranted,
    ).toBe(false);
    expect((await admin.get(url('R', 'NoSuchRole'))).statusCode).toBe(404);
    expect((await admin.get(url('U', crypto.randomUUID()))).statusCode).toBe(404);
  });

  it('guards each provider with its own ManagePermissions (401, 403)', async () => {
    expect((await apiClient(testApp.app).get(url('R', 'admin'))).statusCode).toBe(401);
    expect((await apiClient(testApp.app).get(url('X', 'admin'))).statusCode).toBe(401);
    await createRole(admin, 'UserAdmins');
    await setPermissions(admin, 'R', 'UserAdmins', {
      'AbpIdentity.Users': true,
      'AbpIdentity.Users.ManagePermissions': true,
    });
    await createUser(admin, 'useradmin', { roleNames: ['UserAdmins'] });
    const userAdmin = await signedIn(testApp.app, 'useradmin');
    expect((await userAdmin.get(url('U', editor.id))).statusCode).toBe(200);
    expect((await userAdmin.get(url('R', 'Editors'))).statusCode).toBe(403);
    const denied = await userAdmin.put(url('R', 'Editors'), {
      permissions: [{ name: 'AbpIdentity.Users', isGranted: true }],
    });
    expect(denied.statusCode).toBe(403);
    const plainUser = await signedIn(testApp.app, 'ed');
    expect((await plainUser.get(url('U', editor.id))).statusCode).toBe(403);
  });
});
