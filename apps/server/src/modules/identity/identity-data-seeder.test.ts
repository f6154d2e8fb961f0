import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../test/create-test-services.js';
import { asBeforePermissionExisted } from '../../../test/permission-seeds.js';
import { newTenantRow } from '../../../test/tenant-rows.js';
import {
  type PermissionDefinition,
  type PermissionDefinitionInput,
  PermissionRegistry,
} from '../../platform/authorization/permission-definitions.js';
import { createPermissionGrantRepository } from '../../platform/authorization/permission-grant.repository.js';
import { acrossAllTenants, withinTenant } from '../../platform/data/data-scope.js';
import type { Services } from '../../services.js';
import { createIdentityDataSeeder } from './identity-data-seeder.js';

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await createTestServices());
});
afterAll(() => close());

const counts = async () => {
  const row = await sql<{
    users: number;
    roles: number;
    grants: number;
    links: number;
    seeds: number;
  }>`
    select (select count(*) from identity_users) as users, (select count(*) from identity_roles) as roles,
           (select count(*) from permission_grants) as grants, (select count(*) from identity_user_roles) as links,
           (select count(*) from permission_grant_seeds) as seeds`.execute(services.data.db);
  const first = row.rows[0];
  return (
    first && Object.fromEntries(Object.entries(first).map(([key, value]) => [key, Number(value)]))
  );
};

describe('identity data seeder', () => {
  it('creates the static admin role with every host permission and the admin user in it', async () => {
    expect(
      await services.seedHost({ email: 'boss@example.com', password: 'Seed-Pass-1!' }),
    ).toMatchObject({ createdUser: true });
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
    ).toEqual({ createdUser: false, grantedPermissions: [] });
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

  it('keeps a permission taken from the admin role taken when it runs again', async () => {
    const adminGrants = () => withinTenant(null, () => services.permissions.grantsOf('R', 'admin'));
    await withinTenant(null, () =>
      services.permissions.setGranted('AbpIdentity.Users.Delete', 'R', 'admin', false),
    );
    expect(await services.seedHost({ email: 'boss@example.com', password: 'x' })).toEqual({
      createdUser: false,
      grantedPermissions: [],
    });
    expect(await adminGrants()).not.toContain('AbpIdentity.Users.Delete');
    expect(await adminGrants()).toContain('AbpIdentity.Users.Update');
  });
});

describe('permissions added by an upgrade', () => {
  const TENANT = '00000000-0000-4000-8000-0000000000c1';
  const added = {
    name: 'Vineta.Stories',
    displayName: { resource: 'Vineta', key: 'Permission:Stories' },
  };
  /**
   * The same services' seeder after an upgrade that defines a group of new permissions: by default
   * one on both sides and one on the host's.
   */
  const upgradedSeeder = (
    permissions: PermissionDefinitionInput[] = [
      added,
      { ...added, name: 'Vineta.Studio', side: 'host' },
    ],
  ) =>
    createIdentityDataSeeder({
      ...services,
      hasher: services.passwordHasher,
      grants: createPermissionGrantRepository(services.data),
      registry: new PermissionRegistry([
        ...services.permissionRegistry.groups.map((group) => ({
          ...group,
          permissions: group.permissions.filter((p) => p.parentName === null).map(asInput),
        })),
        {
          name: 'Vineta',
          displayName: { resource: 'Vineta', key: 'Permission:Vineta' },
          permissions,
        },
      ]),
    });
  /** A defined permission as the registry's input, with its children. */
  function asInput(definition: PermissionDefinition): PermissionDefinitionInput {
    return {
      name: definition.name,
      displayName: definition.displayName,
      side: definition.side,
      providers: definition.providers,
      children: services.permissionRegistry
        .all()
        .filter((child) => child.parentName === definition.name)
        .map(asInput),
    };
  }

  it("reach the admin role of the host and of every existing tenant, each side's own, once", async () => {
    await services.identitySeeder.seed(TENANT, { email: 'a@c1.example', password: 'x' });
    const seeder = upgradedSeeder();
    expect((await seeder.seedPermissions(null)).grantedPermissions).toEqual([
      'Vineta.Stories',
      'Vineta.Studio',
    ]);
    expect((await seeder.seedPermissions(TENANT)).grantedPermissions).toEqual(['Vineta.Stories']);
    expect(await withinTenant(TENANT, () => services.permissions.grantsOf('R', 'admin'))).toContain(
      'Vineta.Stories',
    );
    const before = await counts();
    expect((await seeder.seedPermissions(TENANT)).grantedPermissions).toEqual([]);
    expect((await seeder.seedPermissions(null)).grantedPermissions).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('leave a new child out where an administrator took its parent away', async () => {
    const child = (name: string) => ({ ...added, name });
    await upgradedSeeder().seedPermissions(TENANT);
    await withinTenant(TENANT, () =>
      services.permissions.setGranted('Vineta.Stories', 'R', 'admin', false),
    );
    const later = upgradedSeeder([
      { ...added, children: [child('Vineta.Stories.Publish')] },
      { ...child('Vineta.Drafts'), children: [child('Vineta.Drafts.Share')] },
    ]);
    expect((await later.seedPermissions(TENANT)).grantedPermissions).toEqual([
      'Vineta.Drafts',
      'Vineta.Drafts.Share',
    ]);
    const granted = await withinTenant(TENANT, () => services.permissions.grantsOf('R', 'admin'));
    expect(granted).not.toContain('Vineta.Stories.Publish');
    // Decided once: granting the parent again later does not bring the child with it.
    await withinTenant(TENANT, () =>
      services.permissions.setGranted('Vineta.Stories', 'R', 'admin', true),
    );
    expect((await later.seedPermissions(TENANT)).grantedPermissions).toEqual([]);
  });

  it('are seeded in every tenant at start, past a tenant whose database cannot be reached', async () => {
    const older = '00000000-0000-4000-8000-0000000000c2';
    const unreachable = '00000000-0000-4000-8000-0000000000c3';
    await services.data
      .query()
      .insertInto('tenants')
      .values([
        newTenantRow(TENANT, 'Seeded'),
        newTenantRow(older, 'Older'),
        newTenantRow(unreachable, 'Gone'),
      ])
      .execute();
    // A database of the other engine is refused, as one that is down would fail.
    await services.data
      .query()
      .insertInto('tenantConnectionStrings')
      .values({
        tenantId: unreachable,
        name: 'Default',
        value:
          services.data.dialect === 'sqlite'
            ? 'postgres://nobody@127.0.0.1:1/none'
            : `${services.config.dataDir}/other.sqlite`,
      })
      .execute();
    // A tenant created before AbpIdentity.SecurityLogs was defined: its admin never had it.
    await services.identitySeeder.seed(older, { email: 'a@c2.example', password: 'x' });
    await asBeforePermissionExisted(services, older, 'AbpIdentity.SecurityLogs');

    const { seeded, failed } = await services.seedTenants();
    // The tenant seeded in full is passed over without a transaction of its own.
    expect(seeded).toBe(1);
    expect(failed.map((f) => f.tenantId)).toEqual([unreachable]);
    expect(await withinTenant(older, () => services.permissions.grantsOf('R', 'admin'))).toContain(
      'AbpIdentity.SecurityLogs',
    );
  });
});
