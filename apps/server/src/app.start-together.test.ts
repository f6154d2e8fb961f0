import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppEnvironment } from '../test/create-test-app.js';
import { passwordGrant } from '../test/sign-in-helpers.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

// biome-ignore lint/style/noProcessEnv: CI's second pass; SQLite instances share a file only with Redis
const shared = Boolean(process.env.TEST_POSTGRES_URL || process.env.TEST_REDIS_URL);

/**
 * Two instances started at the same moment on one empty database, as an orchestrator starts its
 * replicas: both come up, the seed is made once, and each publishes the key the other signs with.
 */
describe.skipIf(!shared)('two instances starting together on an empty database', () => {
  let database: TestDatabase;
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = {
      ...loadConfig(testAppEnvironment(database.dataDir)),
      database: database.target,
    };
    const started = await Promise.allSettled(
      [0, 1].map(() => buildApp(config, { webRoot: '/nonexistent' })),
    );
    apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  it('seeds one admin role and one admin user with each grant once', async () => {
    const db = apps[0]?.services.data.db;
    if (!db) throw new Error('no instance started');
    const { rows } = await sql<{ roles: number; users: number; grants: number; names: number }>`
      select (select count(*) from identity_roles) as roles,
             (select count(*) from identity_users) as users,
             (select count(*) from permission_grants) as grants,
             (select count(distinct name) from permission_grants) as names`.execute(db);
    const counts = Object.fromEntries(
      Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]),
    );
    expect(counts).toMatchObject({ roles: 1, users: 1 });
    expect(counts.grants).toBe(counts.names);
  });

  it('publishes, on each instance, the key the other signs ID tokens with', async () => {
    const published = await Promise.all(
      apps.map(async (app) => {
        const response = await app.inject({ url: '/.well-known/openid-configuration/jwks' });
        return (response.json().keys as { kid: string }[]).map((key) => key.kid);
      }),
    );
    const signedWith = await Promise.all(
      apps.map(async (app) => {
        const { id_token } = (await passwordGrant(app)).json() as { id_token: string };
        const [header = ''] = id_token.split('.');
        return (JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string }).kid;
      }),
    );
    expect(signedWith[0]).toBe(signedWith[1]);
    for (const keys of published) expect(keys).toContain(signedWith[0]);
    expect(published[0]?.toSorted()).toEqual(published[1]?.toSorted());
  });
});
