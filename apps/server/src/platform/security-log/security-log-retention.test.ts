import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenantDatabasePair,
  type TenantDatabasePair,
} from '../../../test/tenant-database-pair.js';
import { newTenantRow } from '../../../test/tenant-rows.js';
import type { TestDatabase } from '../../../test/test-database.js';
import { silentLogger } from '../async/background-logger.js';
import { withinTenant } from '../data/data-scope.js';
import { createSecurityLogRepository } from './security-log.repository.js';
import { createSecurityLogRetention } from './security-log-retention.js';

// On both engines: rows older than the retention go, in batches, from the host, from the tenants
// in the shared database and from a tenant's own database (decision 003); younger rows all stay.

const OWN = '00000000-0000-4000-8000-0000000000b1';
const SHARED = '00000000-0000-4000-8000-0000000000b2';
/** A tenant whose database cannot be opened: its purge waits, the others' go on. */
const BROKEN = '00000000-0000-4000-8000-0000000000b3';
/** The purge started by `start()` reads the clock itself, so the rows are dated from it too. */
const NOW = Date.now();
const DAY = 24 * 60 * 60 * 1000;

interface RawTables {
  security_logs: { user_name: string; tenant_id: string | null };
}

let pair: TenantDatabasePair<RawTables>;
let data: TenantDatabasePair<RawTables>['data'];
let sharedRaw: Kysely<RawTables>;
let ownRaw: Kysely<RawTables>;

/** A SQLite file under a plain file (no folder can be made there), or a database never created. */
const unreachable = (database: TestDatabase) => {
  if (database.target.dialect === 'postgres') {
    // A server that is not there (a missing database on one that is would be created).
    const url = new URL(database.target.connectionString);
    url.port = '1';
    return url.href;
  }
  const file = join(database.dataDir, 'not-a-folder');
  writeFileSync(file, '');
  return join(file, 'tenant.sqlite');
};

/** A row named `name`, written `daysAgo` days before NOW, in the current tenant. */
const logRow = (name: string, daysAgo: number) =>
  createSecurityLogRepository(data).insert({
    id: crypto.randomUUID(),
    action: 'LoginSucceeded',
    userName: name,
    creationTime: new Date(NOW - daysAgo * DAY).toISOString(),
    extraProperties: '{}',
  });
const namesIn = async (db: Kysely<RawTables>) =>
  (await db.selectFrom('security_logs').select('user_name').orderBy('user_name').execute()).map(
    (row) => row.user_name,
  );

const retention = (retentionDays: number) =>
  createSecurityLogRetention({
    repository: createSecurityLogRepository(data),
    retentionDays,
    tenantIdsAfter: async (afterId, limit) => {
      const rows = await data
        .query()
        .selectFrom('tenants')
        .select('id')
        .where('id', '>', afterId ?? '')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
    // Batches of two rows and pages of one tenant: the purges below take several of each.
    options: { batchSize: 2, tenantsPerPage: 1, firstRunAfterMs: 0 },
  });

beforeAll(async () => {
  pair = await createTenantDatabasePair<RawTables>({ ownTenantId: OWN, sharedTenantIds: [SHARED] });
  ({ data, sharedRaw, ownRaw } = pair);
});
afterEach(async () => {
  await sharedRaw.deleteFrom('security_logs').execute();
  await withinTenant(OWN, () => data.query().deleteFrom('securityLogs').execute());
});
afterAll(() => pair.close());

/** Old and young rows for the host, a tenant in the shared database and one in its own. */
async function writeRows() {
  await withinTenant(null, async () => {
    for (const days of [400, 366, 365.5, 364, 10]) await logRow(`host-${days}`, days);
    // Three rows of one instant, across a batch's end: the batch takes all three.
    for (const name of ['host-380a', 'host-380b', 'host-380c']) await logRow(name, 380);
  });
  await withinTenant(SHARED, async () => {
    for (const days of [700, 370, 100]) await logRow(`shared-${days}`, days);
  });
  await withinTenant(OWN, async () => {
    for (const days of [900, 500, 366, 30]) await logRow(`own-${days}`, days);
  });
}

describe('security log retention', () => {
  it("deletes every tenant's rows older than the retention, and no younger row", async () => {
    await writeRows();
    expect(await retention(365).runOnce(NOW)).toBe(11);
    expect(await namesIn(sharedRaw)).toEqual(['host-10', 'host-364', 'shared-100']);
    expect(await namesIn(ownRaw)).toEqual(['own-30']);
    // Nothing left to delete: a second purge (another instance's, say) deletes nothing.
    expect(await retention(365).runOnce(NOW)).toBe(0);
  });

  it('keeps every row when the retention is 0 days', async () => {
    await writeRows();
    expect(await retention(0).runOnce(NOW)).toBe(0);
    expect(await namesIn(sharedRaw)).toHaveLength(11);
    expect(await namesIn(ownRaw)).toHaveLength(4);
  });

  it('purges the other databases when a tenant database cannot be opened', async () => {
    await writeRows();
    await data.query().insertInto('tenants').values(newTenantRow(BROKEN, 'Broken')).execute();
    await data
      .query()
      .insertInto('tenantConnectionStrings')
      .values({ tenantId: BROKEN, name: 'Default', value: unreachable(pair.shared) })
      .execute();
    try {
      const warnings: object[] = [];
      const purge = retention(365);
      purge.start({ ...silentLogger, warn: (details) => warnings.push(details) });
      // The skipped tenants are told once the purge has been through every tenant.
      await expect
        .poll(() => warnings)
        .toEqual([expect.objectContaining({ skipped: 1, tenantIds: [BROKEN] })]);
      await purge.stop();
      expect(await namesIn(sharedRaw)).toEqual(['host-10', 'host-364', 'shared-100']);
      expect(await namesIn(ownRaw)).toEqual(['own-30']);
    } finally {
      await data
        .query()
        .deleteFrom('tenantConnectionStrings')
        .where('tenantId', '=', BROKEN)
        .execute();
    }
  });
});
