import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/create-test-app.js';
import {
  type ApiClient,
  adminClient,
  apiClient,
  createRole,
  createUser,
  errorOf,
  setPermissions,
  signedIn,
  USER_PASSWORD,
} from '../../../../test/identity-api.js';
import { passwordGrant, refreshGrant } from '../../../../test/sign-in-helpers.js';
import { includingDeleted, withinTenant } from '../../../platform/data/data-scope.js';

let testApp: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await adminClient(testApp.app);
  await createRole(admin, 'Staff', { isDefault: true });
  await createRole(admin, 'Editors');
});
afterAll(() => testApp.close());

const users = '/api/identity/users';

describe('users API', () => {
  it('answers 401 without a token', async () => {
    const anonymous = apiClient(testApp.app);
    expect((await anonymous.get(users)).statusCode).toBe(401);
    expect((await anonymous.get(`${users}/assignable-roles`)).statusCode).toBe(401);
    expect((await anonymous.post(`${users}/${crypto.randomUUID()}/unlock`)).statusCode).toBe(401);
    expect((await anonymous.post(`${users}/${crypto.randomUUID()}/logout`)).statusCode).toBe(401);
  });

  it('creates a user with exactly the roles named, and reads it back every way', async () => {
    const created = await createUser(admin, 'carla', {
      name: 'Carla',
      surname: 'Núñez',
      phoneNumber: '+5215512345678',
      roleNames: ['editors'],
      extraProperties: { team: 'blue' },
    });
    expect(created).toMatchObject({
      userName: 'carla',
      email: 'carla@example.test',
      name: 'Carla',
      surname: 'Núñez',
      tenantId: null,
      isActive: true,
      lockoutEnabled: true,
      isLockedOut: false,
      emailConfirmed: false,
      isDeleted: false,
      extraProperties: { team: 'blue' },
    });
    expect(created).not.toHaveProperty('passwordHash');
    expect(created).not.toHaveProperty('securityStamp');
    // ABP: roles exactly as given; the default role is not added for an admin-created user.
    const roles = (await admin.get(`${users}/${created.id}/roles`)).json();
    expect(roles.items.map((role: { name: string }) => role.name)).toEqual(['Editors']);
    expect((await admin.get(`${users}/${created.id}`)).json()).toMatchObject({ userName: 'carla' });
    expect((await admin.get(`${users}/by-username/CARLA`)).json().id).toBe(created.id);
    expect((await admin.get(`${users}/by-email/Carla@Example.test`)).json().id).toBe(created.id);
    // The list's reply is JSON text written by the database (decision 010): the same item.
    const listed = await admin.get(`${users}?filter=nunez`);
    expect(listed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(listed.json()).toEqual({ totalCount: 1, items: [created] });
    // A user created without roles has none.
    const plain = await createUser(admin, 'plain');
    expect((await admin.get(`${users}/${plain.id}/roles`)).json().items).toEqual([]);
  });

  it('answers 404 for an unknown id and 204 when a name or e-mail finds nobody', async () => {
    expect((await admin.get(`${users}/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.get(`${users}/${crypto.randomUUID()}/roles`)).statusCode).toBe(404);
    const byName = await admin.get(`${users}/by-username/nobody`);
    expect(byName.statusCode).toBe(204);
    expect(byName.body).toBe('');
    expect((await admin.get(`${users}/by-email/nobody@example.test`)).statusCode).toBe(204);
    expect((await admin.get(`${users}/not-a-guid`)).statusCode).toBe(400);
  });

  it('finds a user by a user name and an e-mail longer than 100 characters', async () => {
    const long = 'u'.repeat(150);
    const created = await createUser(admin, long);
    const byName = await admin.get(`${users}/by-username/${long}`);
    expect(byName.json()).toMatchObject({ id: created.id });
    const byEmail = await admin.get(
      `${users}/by-email/${encodeURIComponent(`${long}@example.test`)}`,
    );
    expect(byEmail.json()).toMatchObject({ id: created.id });
    const tooLong = await admin.get(`${users}/by-username/${'u'.repeat(257)}`);
    expect(tooLong.json().error.validationErrors).toEqual([
      { message: expect.stringContaining('256'), members: ['userName'] },
    ]);
  });

  it('finds, changes and deletes a user by its id in capitals, as ABP (.NET Guid) does', async () => {
    const created = await createUser(admin, 'capitals');
    const upper = created.id.toUpperCase();
    expect((await admin.get(`${users}/${upper}`)).json()).toMatchObject({ id: created.id });
    expect((await admin.get(`${users}/${upper}/roles`)).statusCode).toBe(200);
    const update = { userName: 'capitals', email: 'capitals@example.test', name: 'Big' };
    const updated = await admin.put(`${users}/${upper}`, update);
    expect(updated.json()).toMatchObject({ id: created.id, name: 'Big' });
    expect((await admin.delete(`${users}/${upper}`)).statusCode).toBe(204);
    expect((await admin.get(`${users}/${created.id}`)).statusCode).toBe(404);
  });

  it('lists every role as assignable, default ones marked for the new-user form', async () => {
    const roles = (await admin.get(`${users}/assignable-roles`)).json().items;
    expect(
      roles.map((role: { name: string; isDefault: boolean }) => [role.name, role.isDefault]),
    ).toEqual([
      ['admin', false],
      ['Editors', false],
      ['Staff', true],
    ]);
  });

  it('replaces a user roles with PUT /{id}/roles and changes its stamp', async () => {
    const user = await createUser(admin, 'roleswap', { roleNames: ['Staff'] });
    const put = await admin.put(`${users}/${user.id}/roles`, { roleNames: ['Editors', 'admin'] });
    expect(put.statusCode).toBe(204);
    const after = (await admin.get(`${users}/${user.id}/roles`)).json();
    expect(after.items.map((role: { name: string }) => role.name)).toEqual(['admin', 'Editors']);
    expect((await admin.get(`${users}/${user.id}`)).json().concurrencyStamp).not.toBe(
      user.concurrencyStamp,
    );
    const unknown = await admin.put(`${users}/${user.id}/roles`, { roleNames: ['Ghosts'] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({
      code: 'Volo.Abp.Identity:RoleNotFound',
      message: 'Role Ghosts does not exist.',
    });
    expect(
      (await admin.put(`${users}/${crypto.randomUUID()}/roles`, { roleNames: [] })).statusCode,
    ).toBe(404);
  });

  it('updates fields and roles, and sets the password when one is given', async () => {
    const user = await createUser(admin, 'dario', { roleNames: ['Staff'] });
    const before = await signedIn(testApp.app, 'dario');
    const session = await passwordGrant(testApp.app, {
      username: 'dario',
      password: USER_PASSWORD,
    });
    const refreshToken = session.json().refresh_token as string;
    const updated = await admin.put(`${users}/${user.id}`, {
      userName: 'dario.m',
      email: 'dario@example.test',
      name: 'Darío',
      surname: 'Méndez',
      phoneNumber: '5550001',
      isActive: true,
      lockoutEnabled: false,
      roleNames: ['Editors'],
      password: 'N3w-Secret',
      concurrencyStamp: user.concurrencyStamp,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      userName: 'dario.m',
      name: 'Darío',
      lockoutEnabled: false,
    });
    expect((await admin.get(`${users}/${user.id}/roles`)).json().items[0].name).toBe('Editors');
    // The new password works, the old does not, and the old token died with the security stamp.
    expect(
      (await passwordGrant(testApp.app, { username: 'dario.m', password: USER_PASSWORD }))
        .statusCode,
    ).toBe(400);
    expect(
      (await passwordGrant(testApp.app, { username: 'dario.m', password: 'N3w-Secret' }))
        .statusCode,
    ).toBe(200);
    expect((await before.get('/api/account/my-profile')).statusCode).toBe(401);
    // What anyone may read still answers, to the caller as anonymous.
    const configuration = await before.get('/api/abp/application-configuration');
    expect(configuration.json().currentUser.isAuthenticated).toBe(false);
    // So did the refresh token: a password set by an administrator ends every session.
    expect((await refreshGrant(testApp.app, refreshToken)).json().error).toBe('invalid_grant');
  });

  it('keeps the password when none is given, and roles when roleNames is null', async () => {
    const user = await createUser(admin, 'elena', { roleNames: ['Staff'] });
    const token = await signedIn(testApp.app, 'elena');
    const updated = await admin.put(`${users}/${user.id}`, {
      userName: 'elena',
      email: 'elena@example.test',
      name: 'Elena',
      password: '',
      roleNames: null,
      concurrencyStamp: user.concurrencyStamp,
    });
    expect(updated.statusCode).toBe(200);
    expect((await admin.get(`${users}/${user.id}/roles`)).json().items[0].name).toBe('Staff');
    expect(
      (await passwordGrant(testApp.app, { username: 'elena', password: USER_PASSWORD })).statusCode,
    ).toBe(200);
    // Nothing about credentials changed: the existing token still works.
    expect(
      (await token.get('/api/abp/application-configuration')).json().currentUser.userName,
    ).toBe('elena');
  });

  it('refuses a stale concurrency stamp with 409 and keeps the saved values; none sent, none checked', async () => {
    const user = await createUser(admin, 'fabio');
    const body = {
      userName: 'fabio',
      email: 'fabio@example.test',
      concurrencyStamp: user.concurrencyStamp,
    };
    expect((await admin.put(`${users}/${user.id}`, { ...body, name: 'First' })).statusCode).toBe(
      200,
    );
    const stale = await admin.put(`${users}/${user.id}`, { ...body, name: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('AbpExceptionHandling:ConcurrencyErrorMessage');
    expect((await admin.get(`${users}/${user.id}`)).json().name).toBe('First');
    const { concurrencyStamp: _, ...unstamped } = body;
    const third = await admin.put(`${users}/${user.id}`, { ...unstamped, name: 'Third' });
    expect(third.json()).toMatchObject({ name: 'Third' });
  });

  it('soft-deletes a user with its grants and role links; the name becomes free', async () => {
    const user = await createUser(admin, 'gone', { roleNames: ['Editors'] });
    await setPermissions(admin, 'U', user.id, { 'AbpIdentity.Roles': true });
    const token = await signedIn(testApp.app, 'gone');
    expect((await admin.delete(`${users}/${user.id}`)).statusCode).toBe(204);
    expect((await admin.get(`${users}/${user.id}`)).statusCode).toBe(404);
    expect((await token.get('/api/identity/roles')).statusCode).toBe(401);
    // Soft: the row stays, with who deleted it and when.
    const row = await withinTenant(null, () =>
      includingDeleted(() =>
        testApp.app.services.data
          .query()
          .selectFrom('identityUsers')
          .select(['isDeleted', 'deleterId', 'deletionTime'])
          .where('id', '=', user.id)
          .executeTakeFirst(),
      ),
    );
    const adminId = (await admin.get(`${users}/by-username/admin`)).json().id;
    expect(row).toMatchObject({ isDeleted: true, deleterId: adminId });
    expect(row?.deletionTime).toBeTruthy();
    const grants = await withinTenant(null, () =>
      testApp.app.services.permissions.grantsOf('U', user.id),
    );
    expect(grants).toEqual([]);
    const links = await withinTenant(null, () => testApp.app.services.users.roleNamesOf(user.id));
    expect(links).toEqual([]);
    const again = await createUser(admin, 'gone');
    expect(again.id).not.toBe(user.id);
    expect((await admin.delete(`${users}/${crypto.randomUUID()}`)).statusCode).toBe(204);
  });

  it('unlocks a locked-out user: lockout end and failure count cleared', async () => {
    const user = await createUser(admin, 'locked');
    for (let attempt = 0; attempt < 5; attempt++) {
      await passwordGrant(testApp.app, { username: 'locked', password: 'wrong' });
    }
    const lockedOut = (await admin.get(`${users}/${user.id}`)).json();
    expect(lockedOut.isLockedOut).toBe(true);
    expect(
      (await passwordGrant(testApp.app, { username: 'locked', password: USER_PASSWORD }))
        .statusCode,
    ).toBe(400);
    await passwordGrant(testApp.app, { username: 'locked', password: 'wrong' });

    expect((await admin.post(`${users}/${user.id}/unlock`)).statusCode).toBe(204);
    const unlocked = (await admin.get(`${users}/${user.id}`)).json();
    expect(unlocked).toMatchObject({ isLockedOut: false, lockoutEnd: null, accessFailedCount: 0 });
    expect(
      (await passwordGrant(testApp.app, { username: 'locked', password: USER_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect((await admin.post(`${users}/${crypto.randomUUID()}/unlock`)).statusCode).toBe(404);
  });

  it('signs a user out everywhere: its access and refresh tokens stop, a new sign-in works', async () => {
    const user = await createUser(admin, 'traveller');
    const phone = await signedIn(testApp.app, 'traveller');
    const laptop = (
      await passwordGrant(testApp.app, { username: 'traveller', password: USER_PASSWORD })
    ).json();
    const bystander = await signedIn(testApp.app, 'carla');
    expect((await phone.get('/api/account/my-profile')).statusCode).toBe(200);

    expect((await admin.post(`${users}/${user.id}/logout`)).statusCode).toBe(204);

    expect((await phone.get('/api/account/my-profile')).statusCode).toBe(401);
    const laptopApi = apiClient(testApp.app, laptop.access_token);
    expect((await laptopApi.get('/api/account/my-profile')).statusCode).toBe(401);
    expect((await refreshGrant(testApp.app, laptop.refresh_token)).json().error).toBe(
      'invalid_grant',
    );
    // Nobody else is signed out, and the user may sign in again.
    expect((await bystander.get('/api/account/my-profile')).statusCode).toBe(200);
    const again = await signedIn(testApp.app, 'traveller');
    expect((await again.get('/api/account/my-profile')).json().userName).toBe('traveller');
    // An edit opened before the sign-out is stale, as after any other change of the user.
    const stale = await admin.put(`${users}/${user.id}`, {
      userName: 'traveller',
      email: 'traveller@example.test',
      concurrencyStamp: user.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    expect((await admin.post(`${users}/${crypto.randomUUID()}/logout`)).statusCode).toBe(404);
  });

  it('needs the child permission for each change (403), the parent to read', async () => {
    await createRole(admin, 'UserReaders');
    await setPermissions(admin, 'R', 'UserReaders', { 'AbpIdentity.Users': true });
    await createUser(admin, 'userreader', { roleNames: ['UserReaders'] });
    const reader = await signedIn(testApp.app, 'userreader');
    const target = await createUser(admin, 'target');
    for (const url of [
      users,
      `${users}/${target.id}`,
      `${users}/${target.id}/roles`,
      `${users}/assignable-roles`,
      `${users}/by-username/target`,
    ]) {
      expect((await reader.get(url)).statusCode, url).toBe(200);
    }
    const denied = [
      await reader.post(users, {
        userName: 'x1',
        email: 'x1@example.test',
        password: USER_PASSWORD,
      }),
      await reader.put(`${users}/${target.id}`, {
        userName: 'target',
        email: 't@example.test',
        concurrencyStamp: target.concurrencyStamp,
      }),
      await reader.put(`${users}/${target.id}/roles`, { roleNames: ['admin'] }),
      await reader.post(`${users}/${target.id}/unlock`),
      await reader.post(`${users}/${target.id}/logout`),
      await reader.delete(`${users}/${target.id}`),
      await reader.get(
        `/api/permission-management/permissions?providerName=U&providerKey=${target.id}`,
      ),
    ];
    expect(denied.map((response) => response.statusCode)).toEqual([
      403, 403, 403, 403, 403, 403, 403,
    ]);
    expect((await admin.get(`${users}/${target.id}/roles`)).json().items).toEqual([]);
  });
});
