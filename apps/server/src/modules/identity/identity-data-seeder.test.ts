import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../test/create-test-services.js';
import { acrossAllTenants, withinTenant } from '../../platform/data/data-scope.js';
import type { Services } from '../../services.js';

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await createTestServices());
});
afterAll(() => close());

const counts = async () => {
  const row = await sql<{ users: number; roles: number; grants: number; links: number }>`
    select (select count(*) from identity_users) as users, (select count(*) from identity_roles) as roles,
           (select count(*) from permission_grants) as grants, (select count(*) from identity_user_roles) as links`.execute(
    services.data.db,
  );
  const first = row.rows[0];
  return (
    first && Object.fromEntries(Object.entries(first).map(([key, value]) => [key, Number(value)]))
  );
};

describe('identity data seeder', () => {
  it('creates the static admin role with every host permission and the admin user in it', async () => {
    expect(
      await services.seedHost({ email: 'boss@example.com', password: 'Seed-Pass-1!' }),
    ).toEqual({ createdUser: true });
    const admin = await withinTenant(null, () => services.users.findByNormalizedUserName('ADMIN'));
    expect(admin).toMatchObject({
      userName: 'admin',
      email: 'boss@example.com',
      tenantId: null,
      isActive: true,
    });
    expect(await services.passwordHasher.verify(admin?.passwordHash ?? '', 'Seed-Pass-1!')).toBe(
      true,
    );
    const role = await withinTenant(null, () => services.roles.findByNormalizedName('ADMIN'));
    expect(role).toMatchObject({ isStatic: true, isPublic: true, isDefault: false });
    const granted = await withinTenant(null, () =>
      services.permissions.grantedNames({ userId: admin?.id ?? '', roles: ['admin'] }),
    );
    expect(granted).toContain('AbpTenantManagement.Tenants.Create');
    expect(granted).toContain('AbpIdentity.Users.ManagePermissions');
    expect(granted).not.toContain('AbpIdentity.UserLookup');
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    expect(
      await services.seedHost({ email: 'other@example.com', password: 'Other-Pass-1!' }),
    ).toEqual({
      createdUser: false,
    });
    expect(await counts()).toEqual(before);
  });

  it('seeds a tenant with only the permissions of the tenant side', async () => {
    const tenantId = '00000000-0000-4000-8000-0000000000b9';
    await services.identitySeeder.seed(tenantId, {
      email: 'admin@acme.example',
      password: 'Tenant-Pass-1!',
    });
    const admins = await acrossAllTenants(() =>
      services.data
        .query()
        .selectFrom('identityUsers')
        .select(['tenantId'])
        .where('userName', '=', 'admin')
        .execute(),
    );
    expect(admins.map((row) => row.tenantId).sort()).toEqual([tenantId, null].sort());
    const granted = await withinTenant(tenantId, () => services.permissions.grantsOf('R', 'admin'));
    expect(granted).toContain('AbpIdentity.Roles');
    expect(granted).not.toContain('AbpTenantManagement.Tenants');
    expect(granted).not.toContain('FeatureManagement.ManageHostFeatures');
  });
});
