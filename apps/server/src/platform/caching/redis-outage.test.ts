import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import {
  adminClient,
  createRole,
  createUser,
  setPermissions,
  signedIn,
} from '../../../test/identity-api.js';
import { passwordGrant } from '../../../test/sign-in-helpers.js';
import { relayUrl, type TcpRelay } from '../../../test/tcp-relay.js';
import { buildApp } from '../../app.js';

// biome-ignore lint/style/noProcessEnv: CI's second pass names the Redis server
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances on one database, each reaching Redis through a relay that the test cuts, as a
 * Redis restart cuts every instance. A permission revoked on one instance meanwhile must hold at
 * once on the other, whose cached grants it can no longer hear about, and the revoking request
 * must succeed: its change is committed.
 */
let first: TestApp;
let second: FastifyInstance | undefined;
const relays: TcpRelay[] = [];

async function relayToRedis() {
  const { relay, url } = await relayUrl(redisUrl ?? '', 6379);
  relays.push(relay);
  return url;
}

beforeAll(async () => {
  if (!redisUrl) return;
  first = await createTestApp({ env: { REDIS_URL: await relayToRedis() } });
  second = await buildApp(
    { ...first.config, redisUrl: await relayToRedis() },
    { webRoot: '/nonexistent' },
  );
});
afterAll(async () => {
  if (!redisUrl) return;
  await second?.close();
  await first.close();
  for (const relay of relays) await relay.close();
});

const readiness = async (app: FastifyInstance) => {
  const response = await app.inject('/health/ready');
  return [response.statusCode, response.json()];
};

const bothListening = () =>
  first.app.services.cacheHub.listening && second?.services.cacheHub.listening;

it.runIf(redisUrl)(
  'revokes at once on every instance while Redis is away, answers the change as made, and reports readiness degraded',
  async () => {
    const other = second as FastifyInstance;
    const admin = await adminClient(first.app);
    await createRole(admin, 'auditors');
    await createUser(admin, 'ana', { roleNames: ['auditors'] });
    await setPermissions(admin, 'R', 'auditors', {
      'AbpIdentity.Roles': true,
    });
    await expect.poll(bothListening).toBe(true);
    // The other instance caches the role's grants.
    const ana = await signedIn(other, 'ana');
    expect((await ana.get('/api/identity/roles')).statusCode).toBe(200);

    expect(await readiness(other)).toEqual([
      200,
      { status: 'ok', database: first.config.database.dialect, redis: 'connected' },
    ]);

    for (const relay of relays) await relay.cut();
    await expect.poll(bothListening).toBe(false);
    // Still ready: caches read through, so the instance answers correctly, only slower.
    expect(await readiness(other)).toEqual([
      200,
      { status: 'degraded', database: first.config.database.dialect, redis: 'lost' },
    ]);
    await setPermissions(admin, 'R', 'auditors', { 'AbpIdentity.Roles': false });
    expect((await ana.get('/api/identity/roles')).statusCode).toBe(403);

    for (const relay of relays) await relay.restore();
    await expect.poll(bothListening, { timeout: 10_000 }).toBe(true);
    expect((await readiness(other))[1]).toMatchObject({ status: 'ok', redis: 'connected' });
    expect((await ana.get('/api/identity/roles')).statusCode).toBe(403);
    // Invalidations travel again: a grant on the first instance reaches the second's cache.
    await setPermissions(admin, 'R', 'auditors', { 'AbpIdentity.Roles': true });
    await expect
      .poll(async () => (await ana.get('/api/identity/roles')).statusCode, { timeout: 5_000 })
      .toBe(200);
  },
  30_000,
);

it.runIf(redisUrl)(
  'signs in, takes account requests and saves changes while Redis hangs',
  async () => {
    const { relay, url } = await relayUrl(redisUrl ?? '', 6379);
    const alone = await createTestApp({ env: { REDIS_URL: url } });
    try {
      await expect.poll(() => alone.app.services.cacheHub.listening).toBe(true);
      relay.stall();
      // Without a bound on the limiter's Redis commands, each of these waited for ever.
      expect((await passwordGrant(alone.app)).statusCode).toBe(200);
      const reset = await alone.app.inject({
        method: 'POST',
        url: '/api/account/send-password-reset-code',
        payload: { email: 'nobody@example.test', appName: 'Angular' },
      });
      expect(reset.statusCode).toBe(204);
      // A change whose cache invalidation cannot reach the other instances is still saved, and
      // the instance reads through its caches from then on, as when Redis is away.
      const admin = await adminClient(alone.app);
      await createRole(admin, 'hung');
      await setPermissions(admin, 'R', 'hung', { 'AbpIdentity.Roles': true });
      expect(alone.app.services.cacheHub.redis).toBe('lost');
      relay.resume();
      await expect
        .poll(() => alone.app.services.cacheHub.redis, { timeout: 15_000 })
        .toBe('connected');
      expect((await passwordGrant(alone.app)).statusCode).toBe(200);
    } finally {
      await alone.close();
      await relay.close();
    }
  },
  30_000,
);
