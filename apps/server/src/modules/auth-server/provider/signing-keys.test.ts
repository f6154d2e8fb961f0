import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database.js';
import {
  type AppDataContext,
  createDataContextFor,
  createRawKysely,
} from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { createStringEncryption } from '../../../platform/security/string-encryption.js';
import { createSigningKeyStore } from './signing-keys.js';

const DAY = 24 * 3600 * 1000;

let database: TestDatabase;
let data: AppDataContext;

beforeAll(async () => {
  database = await createTestDatabase();
  const raw = createRawKysely(database.target);
  await migrateToLatest(raw);
  await raw.destroy();
  data = createDataContextFor(database.target);
});

afterAll(async () => {
  await data.destroy();
  await database.drop();
});

describe('signing keys', () => {
  const encryption = createStringEncryption('a-test-key-of-at-least-32-characters!!');
  const store = () => createSigningKeyStore({ data, encryption, lifetimeDays: 10 });
  const kids = (jwks: { kid?: string; alg?: string }[]) =>
    jwks.map((key) => `${key.alg}:${key.kid}`);

  it('creates one key per algorithm on first start, encrypted, and the same set for every instance', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const first = await store().load(start);
    expect(first.jwks.map((key) => key.alg)).toEqual(['RS256', 'ES256']);
    expect(first.jwks.every((key) => typeof key.d === 'string')).toBe(true);
    expect(first.cookieKeys).toHaveLength(1);
    const other = await store().load(start);
    expect(kids(other.jwks)).toEqual(kids(first.jwks));
    expect(other.cookieKeys).toEqual(first.cookieKeys);

    const rows = await data.query().selectFrom('oidcSigningKeys').select('encryptedKey').execute();
    for (const row of rows) expect(row.encryptedKey).toMatch(/^enc:v1:/);
  });

  it('publishes the successor ahead of time, switches to it, and drops expired keys later', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const initial = await store().load(start);
    const [rsa] = initial.jwks;

    // With a fifth of the lifetime left, the next key is published but not yet used.
    const late = await store().load(new Date(start.getTime() + 9 * DAY));
    expect(late.jwks).toHaveLength(4);
    expect(late.jwks[0]?.kid).toBe(rsa?.kid);
    expect(late.fingerprint).not.toBe(initial.fingerprint);

    // Past the expiry the successor signs, the old key is still published for verification.
    const after = await store().load(new Date(start.getTime() + 10 * DAY + 1000));
    expect(after.jwks[0]?.alg).toBe('RS256');
    expect(after.jwks[0]?.kid).not.toBe(rsa?.kid);
    expect(after.jwks.map((key) => key.kid)).toContain(rsa?.kid);

    // A week after its expiry the old key is gone.
    const much = await store().load(new Date(start.getTime() + 18 * DAY));
    expect(much.jwks.map((key) => key.kid)).not.toContain(rsa?.kid);
    expect(much.cookieKeys).toEqual(initial.cookieKeys);
  });

  it("signs with another instance's first key made a moment later by its clock, and makes none", async () => {
    await data.query().deleteFrom('oidcSigningKeys').execute();
    const start = new Date('2031-01-01T00:00:00Z');
    const other = await store().load(new Date(start.getTime() + 5));
    const mine = await store().load(start);
    expect(kids(mine.jwks)).toEqual(kids(other.jwks));
    expect(mine.jwks.map((key) => key.alg)).toEqual(['RS256', 'ES256']);
    const rows = await data.query().selectFrom('oidcSigningKeys').select('alg').execute();
    expect(rows).toHaveLength(3);
  });
});
