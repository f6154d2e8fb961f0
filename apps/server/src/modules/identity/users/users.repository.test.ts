import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../../test/create-test-services.js';
import { newUserRow } from '../../../../test/user-rows.js';
import { creationAudit, newConcurrencyStamp, normalize } from '../../../platform/data/audit.js';
import { withinTenant } from '../../../platform/data/data-scope.js';
import type { Services } from '../../../services.js';
import { createUsersRepository } from './users.repository.js';

const TENANT = '00000000-0000-4000-8000-00000000face';
const OTHER = '00000000-0000-4000-8000-00000000feed';
/** ASP.NET Identity v3 hashes as an ABP database holds them (PBKDF2; only the header matters here). */
const ABP_SHA512 =
  'AQAAAAIAAYagAAAAEAABAgMEBQYHCAkKCwwNDg/Q8A0WMKbtHQJQ2DHCdoEeeFBrgNlldq6vH4qX/CGqGQ==';
const ABP_SHA256 =
  'AQAAAAEAACcQAAAAEAABAgMEBQYHCAkKCwwNDg/Q8A0WMKbtHQJQ2DHCdoEeeFBrgNlldq6vH4qX/CGqGQ==';

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await createTestServices());
  const insert = (tenantId: string, userName: string, passwordHash: string | null) =>
    withinTenant(tenantId, () => services.users.insert({ ...newUserRow(userName), passwordHash }));
  const current = await services.passwordHasher.hash('Secret-123');
  await insert(TENANT, 'argon', current);
  await insert(TENANT, 'older-argon', '$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo');
  await insert(TENANT, 'from-abp', ABP_SHA512);
  await insert(TENANT, 'external', null);
  await insert(OTHER, 'from-abp-too', ABP_SHA256);
});
afterAll(() => close());

describe('foreignPasswordHashes', () => {
  it("gives the current tenant's hashes that argon2id did not make, and no one else's", async () => {
    expect(await withinTenant(TENANT, () => services.users.foreignPasswordHashes(1_000))).toEqual([
      ABP_SHA512,
    ]);
    expect(await withinTenant(OTHER, () => services.users.foreignPasswordHashes(1_000))).toEqual([
      ABP_SHA256,
    ]);
    expect(await withinTenant(null, () => services.users.foreignPasswordHashes(1_000))).toEqual([]);
  });
});

/** A users repository whose notices to the list are recorded, by tenant. */
function noticingUsers() {
  const notices: (string | null)[] = [];
  const users = createUsersRepository(services.data, {
    onListChanged: async (tenantId) => {
      notices.push(tenantId);
    },
  });
  return { users, notices };
}

describe('users repository, list notices', () => {
  it("tells the list once a commit that a tenant's users changed, however many rows it wrote", async () => {
    const { users, notices } = noticingUsers();
    const roleId = crypto.randomUUID();
    await withinTenant(TENANT, () =>
      services.roles.insert({
        id: roleId,
        name: 'noticed',
        normalizedName: normalize('noticed'),
        concurrencyStamp: newConcurrencyStamp(),
        creationTime: creationAudit().creationTime,
      }),
    );
    const row = newUserRow('noticed');
    await withinTenant(TENANT, () =>
      services.data.transaction(async () => {
        await users.insert(row);
        await users.setRoles(row.id, [roleId]);
        await users.addToRole(row.id, roleId);
        await users.removeRoleLinksOf(row.id);
        expect(notices).toEqual([]);
      }),
    );
    expect(notices).toEqual([TENANT]);
    // Outside a transaction each write is its own commit.
    await withinTenant(TENANT, async () => {
      await users.softDelete(row.id);
      await users.insert(newUserRow('noticed-too'));
    });
    expect(notices).toEqual([TENANT, TENANT, TENANT]);
  });
});

describe('users repository, what tells the list', () => {
  it('tells it of a status changed (active, lockout set or cleared, unlock), not of a failed count', async () => {
    const { users, notices } = noticingUsers();
    const row = newUserRow('status-noticed');
    await withinTenant(TENANT, () => services.users.insert(row));
    const update = (stamp: string, changes: Parameters<typeof users.update>[2]) =>
      withinTenant(TENANT, () =>
        users.update(row.id, stamp, { ...changes, concurrencyStamp: `${stamp}+` }),
      );
    // A failed sign-in short of a lockout: the list shows nothing of it.
    expect(await update(row.concurrencyStamp, { accessFailedCount: 1 })).toBe(true);
    expect(notices).toEqual([]);
    await update(`${row.concurrencyStamp}+`, {
      accessFailedCount: 0,
      lockoutEnd: new Date(Date.now() + 60_000).toISOString(),
    });
    await update(`${row.concurrencyStamp}++`, { isActive: false });
    await withinTenant(TENANT, () =>
      users.setLockout(row.id, { lockoutEnd: null, accessFailedCount: 0 }),
    );
    expect(notices).toEqual([TENANT, TENANT, TENANT]);
  });
});
