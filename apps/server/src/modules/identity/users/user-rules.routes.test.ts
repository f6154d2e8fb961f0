import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/create-test-app.js';
import {
  type ApiClient,
  adminClient,
  createRole,
  createUser,
  errorOf,
  setPermissions,
  signedIn,
  USER_PASSWORD,
} from '../../../../test/identity-api.js';
import { passwordGrant, refreshGrant } from '../../../../test/sign-in-helpers.js';
import { withinTenant } from '../../../platform/data/data-scope.js';

let testApp: TestApp;
let admin: ApiClient;
let adminUser: { id: string; concurrencyStamp: string; email: string };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await adminClient(testApp.app);
  adminUser = (await admin.get('/api/identity/users/by-username/admin')).json();
});
afterAll(() => testApp.close());

const users = '/api/identity/users';
const editBody = (user: { id: string; concurrencyStamp: string } & Record<string, unknown>) => ({
  userName: user.userName,
  email: user.email,
  name: user.name,
  surname: user.surname,
  phoneNumber: user.phoneNumber,
  isActive: user.isActive,
  lockoutEnabled: user.lockoutEnabled,
  concurrencyStamp: user.concurrencyStamp,
});

describe('user rules', () => {
  it('keeps user names and e-mails unique per tenant, whatever the case (403, as ABP)', async () => {
    await createUser(admin, 'unique1');
    const sameName = await admin.post(users, {
      userName: 'UNIQUE1',
      email: 'other@example.test',
      password: USER_PASSWORD,
    });
    expect(sameName.statusCode).toBe(403);
    expect(errorOf(sameName)).toMatchObject({
      code: 'Volo.Abp.Identity:DuplicateUserName',
      message: "Username 'UNIQUE1' is already taken.",
    });
    const sameEmail = await admin.post(users, {
      userName: 'unique2',
      email: 'Unique1@Example.test',
      password: USER_PASSWORD,
    });
    expect(sameEmail.statusCode).toBe(403);
    expect(errorOf(sameEmail)).toMatchObject({
      code: 'Volo.Abp.Identity:DuplicateEmail',
      message: "Email 'Unique1@Example.test' is already taken.",
    });
    const other = await createUser(admin, 'unique3');
    const rename = await admin.put(`${users}/${other.id}`, {
      ...editBody(other),
      userName: 'Unique1',
    });
    expect(rename.statusCode).toBe(403);
    // Nor another user's address: sign-in would find this name before that address.
    const asAddress = await admin.put(`${users}/${other.id}`, {
      ...editBody(other),
      userName: 'UNIQUE1@example.test',
    });
    expect(asAddress.statusCode).toBe(403);
    expect(errorOf(asAddress).code).toBe('Volo.Abp.Identity:DuplicateUserName');
    // Its own address is its own.
    const own = await admin.put(`${users}/${other.id}`, {
      ...editBody(other),
      userName: 'unique3@example.test',
    });
    expect(own.statusCode).toBe(200);
  });

  it("accepts only ASP.NET Identity's user-name characters (400)", async () => {
    for (const userName of ['has space', 'ñandú', 'semi;colon']) {
      const response = await admin.post(users, {
        userName,
        email: 'x@example.test',
        password: USER_PASSWORD,
      });
      expect(response.statusCode, userName).toBe(400);
      expect(response.json().error.validationErrors).toEqual([
        {
          members: ['userName'],
          message:
            'A user name can only contain unaccented letters, digits and the characters - . _ @ +',
        },
      ]);
    }
    await createUser(admin, 'a-b_c.d@e+f', { email: 'symbols@example.test' });
  });

  it("applies the tenant's password rules on create and on a password change", async () => {
    const weak = await admin.post(users, {
      userName: 'weak',
      email: 'weak@example.test',
      password: 'abc',
    });
    expect(weak.statusCode).toBe(403);
    expect(errorOf(weak)).toMatchObject({
      code: 'Volo.Abp.Identity:PasswordTooShort',
      // Every rule 'abc' breaks, as ABP joins IdentityResult's errors.
      message:
        "Passwords must be at least 6 characters. Passwords must have at least one non alphanumeric character. Passwords must have at least one digit ('0'-'9'). Passwords must have at least one uppercase ('A'-'Z').",
    });
    const user = await createUser(admin, 'strong');
    const change = await admin.put(`${users}/${user.id}`, {
      ...editBody(user),
      password: 'alllowercase1!',
    });
    expect(errorOf(change).code).toBe('Volo.Abp.Identity:PasswordRequiresUpper');
    expect(
      (await passwordGrant(testApp.app, { username: 'strong', password: USER_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('takes lockout for a new user from Lockout.AllowedForNewUsers unless given', async () => {
    const setting = 'Abp.Identity.Lockout.AllowedForNewUsers';
    await testApp.app.services.settings.setForProvider(setting, 'False', 'G', '');
    try {
      expect((await createUser(admin, 'nolock')).lockoutEnabled).toBe(false);
      expect((await createUser(admin, 'yeslock', { lockoutEnabled: true })).lockoutEnabled).toBe(
        true,
      );
    } finally {
      await testApp.app.services.settings.setForProvider(setting, null, 'G', '');
    }
    expect((await createUser(admin, 'deflock')).lockoutEnabled).toBe(true);
  });

  it('keeps the active and lockout flags an update leaves out', async () => {
    const user = await createUser(admin, 'keepflags', { lockoutEnabled: false, isActive: false });
    const { isActive: _active, lockoutEnabled: _lockout, ...withoutFlags } = editBody(user);
    const renamed = await admin.put(`${users}/${user.id}`, { ...withoutFlags, name: 'Kept' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Kept', isActive: false, lockoutEnabled: false });
    const stored = (await admin.get(`${users}/${user.id}`)).json();
    expect(stored).toMatchObject({ isActive: false, lockoutEnabled: false });
  });

  it('resets e-mail and phone confirmation when they change', async () => {
    const user = await createUser(admin, 'confirmed', { phoneNumber: '111' });
    await withinTenant(null, () =>
      testApp.app.services.users.update(user.id, user.concurrencyStamp, {
        emailConfirmed: true,
        phoneNumberConfirmed: true,
        concurrencyStamp: 'confirmed-stamp',
      }),
    );
    const current = (await admin.get(`${users}/${user.id}`)).json();
    expect(current).toMatchObject({ emailConfirmed: true, phoneNumberConfirmed: true });
    const sameValues = (
      await admin.put(`${users}/${user.id}`, {
        ...editBody(current),
        email: 'CONFIRMED@example.test',
      })
    ).json();
    expect(sameValues).toMatchObject({ emailConfirmed: true, phoneNumberConfirmed: true });
    const changed = (
      await admin.put(`${users}/${user.id}`, {
        ...editBody(sameValues),
        email: 'new@example.test',
        phoneNumber: '222',
      })
    ).json();
    expect(changed).toMatchObject({ emailConfirmed: false, phoneNumberConfirmed: false });
  });

  it('deactivates a user: no sign-in, and its tokens stop at once', async () => {
    const user = await createUser(admin, 'leaving');
    const token = await signedIn(testApp.app, 'leaving');
    const session = await passwordGrant(testApp.app, {
      username: 'leaving',
      password: USER_PASSWORD,
    });
    expect((await token.get('/api/abp/application-configuration')).statusCode).toBe(200);
    const off = await admin.put(`${users}/${user.id}`, { ...editBody(user), isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await token.get('/api/account/my-profile')).statusCode).toBe(401);
    // What anyone may read still answers, to the caller as anonymous.
    const configuration = await token.get('/api/abp/application-configuration');
    expect(configuration.json().currentUser.isAuthenticated).toBe(false);
    const grant = await passwordGrant(testApp.app, {
      username: 'leaving',
      password: USER_PASSWORD,
    });
    expect(grant.json().error).toBe('invalid_grant');
    const refreshed = await refreshGrant(testApp.app, session.json().refresh_token);
    expect(refreshed.json().error).toBe('invalid_grant');
  });

  it('refuses to delete yourself (010001)', async () => {
    const response = await admin.delete(`${users}/${adminUser.id}`);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      code: 'Volo.Abp.Identity:010001',
      message: 'You can not delete your own account!',
    });
  });

  it('refuses a change of your own lockout flag or status, and accepts your other edits', async () => {
    const me = (await admin.get(`${users}/${adminUser.id}`)).json();
    const deactivate = await admin.put(`${users}/${me.id}`, { ...editBody(me), isActive: false });
    expect(deactivate.statusCode).toBe(403);
    expect(errorOf(deactivate)).toMatchObject({
      code: 'Volo.Abp.Identity:CanNotDeactivateOwnAccount',
      message: 'You can not deactivate your own account.',
    });
    const flip = await admin.put(`${users}/${me.id}`, {
      ...editBody(me),
      lockoutEnabled: !me.lockoutEnabled,
    });
    expect(flip.statusCode).toBe(403);
    expect(errorOf(flip).code).toBe('Volo.Abp.Identity:CanNotChangeOwnLockout');
    const rename = await admin.put(`${users}/${me.id}`, {
      ...editBody(me),
      name: 'The Admin',
      roleNames: ['admin'],
    });
    expect(rename.json()).toMatchObject({ name: 'The Admin', lockoutEnabled: me.lockoutEnabled });
  });

  it('keeps the last active administrator: role, status and existence', async () => {
    const me = (await admin.get(`${users}/${adminUser.id}`)).json();
    const dropRole = await admin.put(`${users}/${me.id}/roles`, { roleNames: [] });
    expect(dropRole.statusCode).toBe(403);
    expect(errorOf(dropRole)).toMatchObject({
      code: 'Volo.Abp.Identity:LastAdministratorRole',
      message:
        'The last active administrator can not be deactivated, deleted or lose the administrator role.',
    });
    const viaEdit = await admin.put(`${users}/${me.id}`, { ...editBody(me), roleNames: [] });
    expect(errorOf(viaEdit).code).toBe('Volo.Abp.Identity:LastAdministratorRole');

    // A user manager who may delete users but is not an administrator cannot touch it at all:
    // it holds permissions the manager lacks (privilege-ceiling.ts).
    await createRole(admin, 'Deleters');
    await setPermissions(admin, 'R', 'Deleters', {
      'AbpIdentity.Users': true,
      'AbpIdentity.Users.Update': true,
      'AbpIdentity.Users.Delete': true,
    });
    await createUser(admin, 'deleter', { roleNames: ['Deleters'] });
    const deleter = await signedIn(testApp.app, 'deleter');
    expect(errorOf(await deleter.delete(`${users}/${me.id}`)).code).toBe(
      'Volo.Abp.Identity:MorePrivilegedUser',
    );
    const deactivate = await deleter.put(`${users}/${me.id}`, { ...editBody(me), isActive: false });
    expect(errorOf(deactivate).code).toBe('Volo.Abp.Identity:MorePrivilegedUser');

    // With a second active administrator, the first may step down.
    const second = await createUser(admin, 'second-admin', { roleNames: ['admin'] });
    expect((await admin.put(`${users}/${me.id}/roles`, { roleNames: [] })).statusCode).toBe(204);
    const secondApi = await signedIn(testApp.app, 'second-admin');
    expect(
      (await secondApi.put(`${users}/${me.id}/roles`, { roleNames: ['admin'] })).statusCode,
    ).toBe(204);
    expect((await admin.delete(`${users}/${second.id}`)).statusCode).toBe(204);
  });

  it('gives role-membership changes to the user at once (application configuration)', async () => {
    await createRole(admin, 'Auditors');
    await setPermissions(admin, 'R', 'Auditors', { 'AbpIdentity.Roles': true });
    const user = await createUser(admin, 'newcomer');
    const token = await signedIn(testApp.app, 'newcomer');
    const policies = async () =>
      (await token.get('/api/abp/application-configuration')).json().auth.grantedPolicies;
    expect(await policies()).toEqual({});
    await admin.put(`${users}/${user.id}/roles`, { roleNames: ['Auditors'] });
    expect(await policies()).toEqual({ 'AbpIdentity.Roles': true });
    await setPermissions(admin, 'U', user.id, { 'AbpIdentity.Users': true });
    expect(await policies()).toEqual({ 'AbpIdentity.Roles': true, 'AbpIdentity.Users': true });
  });
});
