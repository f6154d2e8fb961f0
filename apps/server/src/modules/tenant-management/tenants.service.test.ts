import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../test/create-test-services.js';
import { acrossAllTenants, includingDeleted } from '../../platform/data/data-scope.js';
import type { Services } from '../../services.js';
import { createTenantsService } from './tenants.service.js';

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await createTestServices());
});
afterAll(() => close());

const input = (name: string) => ({
  name,
  adminEmailAddress: `admin@${name.toLowerCase()}.mx`,
  adminPassword: 'Tenant-Pass-1!',
  isActive: true,
});

describe('tenant creation', () => {
  it('leaves nothing behind when seeding fails after the admin was written', async () => {
    const failing = createTenantsService({
      data: services.data,
      repository: services.tenants,
      hasher: services.passwordHasher,
      passwordPolicy: { validate: async () => {} },
      forgetTenant: async () => {},
      seeder: {
        async seedHashed(tenantId, admin) {
          await services.identitySeeder.seedHashed(tenantId, admin);
          throw new Error('seeding failed');
        },
      },
    });
    await expect(failing.create(input('Broken'))).rejects.toThrow('seeding failed');
    const tenants = await includingDeleted(() =>
      services.data.query().selectFrom('tenants').select('name').execute(),
    );
    expect(tenants).toEqual([]);
    const counts = await acrossAllTenants(async () => ({
      users: await services.data.query().selectFrom('identityUsers').select('id').execute(),
      roles: await services.data.query().selectFrom('identityRoles').select('id').execute(),
      grants: await services.data.query().selectFrom('permissionGrants').select('id').execute(),
    }));
    expect(counts).toEqual({ users: [], roles: [], grants: [] });
  });

  it('maps two creations racing for one name to one tenant and one duplicate-name error', async () => {
    const results = await Promise.allSettled([
      services.tenantsService.create(input('Race')),
      services.tenantsService.create(input('RACE')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({
      code: 'Volo.Abp.TenantManagement:DuplicateTenantName',
      status: 403,
    });
  });
});
