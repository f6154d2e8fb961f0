import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../test/create-test-services.js';
import type { Services } from '../../services.js';
import { withinTenant } from '../data/data-scope.js';
import { CLIENT_PROVIDER, ROLE_PROVIDER, USER_PROVIDER } from './permission-checker.js';
import { evaluatePolicy } from './policy-expression.js';

const TENANT = '00000000-0000-4000-8000-0000000000e1';
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await createTestServices());
});
afterAll(() => close());

const editor = { userId: 'user-1', roles: ['editor'] };

describe('permission checker', () => {
  it("unites the user's own grants with its roles' grants", async () => {
    const { permissions } = services;
    await withinTenant(TENANT, async () => {
      await permissions.setGranted('AbpIdentity.Users', ROLE_PROVIDER, 'editor', true);
      await permissions.setGranted('AbpIdentity.Roles', USER_PROVIDER, 'user-1', true);
      expect([...(await permissions.grantedNames(editor))].sort()).toEqual([
        'AbpIdentity.Roles',
        'AbpIdentity.Users',
      ]);
      expect(await permissions.isGranted(editor, 'AbpIdentity.Users && AbpIdentity.Roles')).toBe(
        true,
      );
      expect(
        await permissions.isGranted(editor, 'AbpIdentity.Users.Delete || AbpIdentity.Roles.Delete'),
      ).toBe(false);
      expect(await permissions.isGranted(null, 'AbpIdentity.Users')).toBe(false);
    });
  });

  it('keeps grants inside their tenant', async () => {
    expect(
      await withinTenant(null, () => services.permissions.isGranted(editor, 'AbpIdentity.Users')),
    ).toBe(false);
  });

  it('sees a revocation at once (the cache is invalidated)', async () => {
    await withinTenant(TENANT, async () => {
      const { permissions } = services;
      expect(await permissions.isGranted(editor, 'AbpIdentity.Users')).toBe(true);
      await permissions.setGranted('AbpIdentity.Users', ROLE_PROVIDER, 'editor', false);
      expect(await permissions.isGranted(editor, 'AbpIdentity.Users')).toBe(false);
    });
  });

  it('ignores host-only permissions inside a tenant', async () => {
    await withinTenant(TENANT, async () => {
      await services.permissions.setGranted(
        'AbpTenantManagement.Tenants',
        ROLE_PROVIDER,
        'editor',
        true,
      );
      expect(await services.permissions.isGranted(editor, 'AbpTenantManagement.Tenants')).toBe(
        false,
      );
    });
    await withinTenant(null, async () => {
      await services.permissions.setGranted(
        'AbpTenantManagement.Tenants',
        ROLE_PROVIDER,
        'editor',
        true,
      );
      expect(await services.permissions.isGranted(editor, 'AbpTenantManagement.Tenants')).toBe(
        true,
      );
    });
  });

  it('answers a policy of several names as the whole granted set would', async () => {
    await withinTenant(TENANT, async () => {
      // Needs a feature a tenant lacks by default: granted, yet not counted.
      await services.permissions.setGranted(
        'SettingManagement.Emailing',
        ROLE_PROVIDER,
        'editor',
        true,
      );
      const granted = await services.permissions.grantedNames(editor);
      expect(granted.has('SettingManagement.Emailing')).toBe(false);
      for (const policy of [
        'AbpIdentity.Users',
        'AbpIdentity.Users && AbpTenantManagement.Tenants',
        'AbpTenantManagement.Tenants || AbpIdentity.Users',
        'AbpIdentity.Users.Create && AbpIdentity.Users',
        'Unknown.Permission || AbpIdentity.Roles',
        'SettingManagement.Emailing',
        'SettingManagement.Emailing || AbpIdentity.Users',
      ]) {
        expect(await services.permissions.isGranted(editor, policy), policy).toBe(
          evaluatePolicy(policy, (name) => granted.has(name)),
        );
      }
    });
  });

  it('changes the cached application configuration once the grant commits', async () => {
    const user = {
      id: 'user-1',
      tenantId: TENANT,
      userName: 'editor',
      name: null,
      surName: null,
      email: null,
      emailVerified: false,
      phoneNumber: null,
      phoneNumberVerified: false,
      roles: ['editor'],
      clientId: null,
    };
    const granted = async () =>
      withinTenant(TENANT, async () => {
        const answer = await services.appConfiguration.get({
          culture: 'en',
          user,
          tenant: { id: TENANT, name: 'acme', isAvailable: true },
          includeLocalizationResources: false,
        });
        return Object.keys(JSON.parse(answer.json).auth.grantedPolicies);
      });
    expect(await granted()).not.toContain('AbpIdentity.Roles.Create');
    await withinTenant(TENANT, () =>
      services.data.transaction(() =>
        services.permissions.setGranted('AbpIdentity.Roles.Create', ROLE_PROVIDER, 'editor', true),
      ),
    );
    expect(await granted()).toContain('AbpIdentity.Roles.Create');
  });

  it('answers at once from cached grants, and again through the store after a change', async () => {
    const subject = { userId: 'user-sync', roles: ['sync-role'], clientId: 'sync-client' };
    const { permissions } = services;
    await withinTenant(TENANT, async () => {
      await permissions.setGranted('AbpIdentity.Users', ROLE_PROVIDER, 'sync-role', true);
      const first = permissions.isGranted(subject, 'AbpIdentity.Users');
      expect(first).toBeInstanceOf(Promise); // nothing cached yet for this subject
      expect(await first).toBe(true);
      expect(permissions.isGranted(subject, 'AbpIdentity.Users')).toBe(true);
      expect(permissions.isGranted(subject, 'AbpIdentity.Roles')).toBe(false);

      await permissions.setGranted('AbpIdentity.Users', ROLE_PROVIDER, 'sync-role', false);
      const afterRevocation = permissions.isGranted(subject, 'AbpIdentity.Users');
      expect(afterRevocation).toBeInstanceOf(Promise);
      expect(await afterRevocation).toBe(false);
      expect(permissions.isGranted(subject, 'AbpIdentity.Users')).toBe(false);
    });
  });

  it("counts the client's host-side grants inside a tenant, cached or not", async () => {
    const subject = { userId: 'user-client', roles: [], clientId: 'lookup-client' };
    const { permissions } = services;
    await withinTenant(null, () =>
      permissions.setGranted('AbpIdentity.UserLookup', CLIENT_PROVIDER, 'lookup-client', true),
    );
    await withinTenant(TENANT, async () => {
      expect(await permissions.isGranted(subject, 'AbpIdentity.UserLookup')).toBe(true);
      expect(permissions.isGranted(subject, 'AbpIdentity.UserLookup')).toBe(true);
      // The same client name granted nothing inside the tenant: still only the host's grant counts.
      expect(
        permissions.isGranted({ ...subject, clientId: 'other' }, 'AbpIdentity.UserLookup'),
      ).toBeInstanceOf(Promise);
    });
    await withinTenant(null, () =>
      permissions.setGranted('AbpIdentity.UserLookup', CLIENT_PROVIDER, 'lookup-client', false),
    );
    await withinTenant(TENANT, async () => {
      expect(await permissions.isGranted(subject, 'AbpIdentity.UserLookup')).toBe(false);
    });
  });

  it('looks a required feature up even when the grants are cached', async () => {
    const subject = { userId: 'user-mail', roles: ['mailer'] };
    const { permissions } = services;
    await withinTenant(TENANT, async () => {
      await permissions.setGranted('SettingManagement.Emailing', ROLE_PROVIDER, 'mailer', true);
      await permissions.setGranted('AbpIdentity.Users', ROLE_PROVIDER, 'mailer', true);
      expect(await permissions.isGranted(subject, 'AbpIdentity.Users')).toBe(true);
      // Cached now; the emailing feature is off for a tenant by default.
      const emailing = permissions.isGranted(subject, 'SettingManagement.Emailing');
      expect(emailing).toBeInstanceOf(Promise);
      expect(await emailing).toBe(false);
    });
    await withinTenant(null, async () => {
      // On the host the feature requirement does not apply (tenants only).
      await permissions.setGranted('SettingManagement.Emailing', ROLE_PROVIDER, 'mailer', true);
      expect(await permissions.isGranted(subject, 'SettingManagement.Emailing')).toBe(true);
      expect(permissions.isGranted(subject, 'SettingManagement.Emailing')).toBe(true);
    });
  });
});
