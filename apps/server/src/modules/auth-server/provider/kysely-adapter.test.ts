import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database.js';
import {
  type AppDataContext,
  createDataContextFor,
  createRawKysely,
} from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { inBatches } from '../../../platform/data/in-batches.js';
import { createOidcStore } from './kysely-adapter.js';

// The token sweep on both engines: batch after batch, only rows past their expiry (and the clock
// tolerance) go; live tokens and the accounts' remembered tenants, which never expire, stay.

let database: TestDatabase;
let data: AppDataContext;
let raw: Kysely<{ oidc_payloads: { kind: string; id: string } }>;

beforeAll(async () => {
  database = await createTestDatabase();
  const migrator = createRawKysely(database.target);
  await migrateToLatest(migrator);
  raw = migrator as typeof raw;
  data = createDataContextFor(database.target);
});
afterAll(async () => {
  await raw.destroy();
  await data.destroy();
  await database.drop();
});

describe('the token sweep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('deletes the expired rows in batches and keeps the live ones', async () => {
    // One clock reading for every row: expiries are whole seconds from it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const store = createOidcStore(data);
    const tokens = store.adapterFor('AccessToken');
    // Expired 5 s ago is within the clock tolerance: still live, as `find` sees it.
    const lives = { live: 3600, 'just-expired': -5 };
    // Seven expired rows over five seconds, two of them sharing theirs with a third.
    const expired = { a: -600, b: -500, c: -400, d: -400, e: -400, f: -300, g: -100 };
    for (const [id, expiresIn] of Object.entries({ ...lives, ...expired })) {
      await tokens.upsert(id, { accountId: 'ana', grantId: `grant-${id}` }, expiresIn);
    }
    await store.rememberTenantOf('ana', null);

    const batches: number[] = [];
    const deleted = await inBatches(async (after?: number) => {
      const batch = await store.deleteExpired(2, after);
      batches.push(batch.count);
      return batch;
    });

    expect(deleted).toBe(7);
    // a+b; c, d and e (one second); f+g; then nothing: each batch starts where the last stopped.
    expect(batches).toEqual([2, 3, 2, 0]);
    const left = await raw
      .selectFrom('oidc_payloads')
      .select(['kind', 'id'])
      .orderBy('id')
      .execute();
    expect(left).toEqual([
      { kind: 'AccountTenant', id: 'ana' },
      { kind: 'AccessToken', id: 'just-expired' },
      { kind: 'AccessToken', id: 'live' },
    ]);
    expect(await tokens.find('live')).toMatchObject({ grantId: 'grant-live' });
  });
});
