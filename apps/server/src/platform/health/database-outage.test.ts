import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { type ApiClient, adminClient, apiClient, errorOf } from '../../../test/identity-api.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';
import {
  FULL_SCOPE,
  passwordGrant,
  refreshGrant,
  WEB_CLIENT,
} from '../../../test/sign-in-helpers.js';
import { relayUrl, type TcpRelay } from '../../../test/tcp-relay.js';
import { testDialect } from '../../../test/test-database.js';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
const NO_DISPONIBLE =
  'El servicio no está disponible por el momento. Vuelve a intentarlo en unos instantes.';

/** The roles named `name`, as the API lists them. */
async function rolesNamed(api: ApiClient, name: string): Promise<number> {
  const response = await api.get(`/api/identity/roles?filter=${name}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { totalCount: number }).totalCount;
}

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is live, and ready with the database it uses (and Redis, when it has one)', async () => {
    const live = await t.app.inject('/health/live');
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    // With Redis (CI's second pass), once this instance hears the others through it.
    const redis = t.config.redisUrl ? { redis: 'connected' } : {};
    await expect
      .poll(async () => {
        const ready = await t.app.inject('/health/ready');
        return [ready.statusCode, ready.json()];
      })
      .toEqual([200, { status: 'ok', database: testDialect(), ...redis }]);
  });
});

describe.runIf(testDialect() === 'postgres')('when PostgreSQL goes away', () => {
  let t: TestApp;
  let relay: TcpRelay | undefined;
  beforeAll(async () => {
    t = await createTestApp({
      reachDatabase: async (target) => {
        if (target.dialect !== 'postgres')
          throw new Error('a PostgreSQL test database was expected');
        const relayed = await relayUrl(target.connectionString, 5432);
        relay = relayed.relay;
        return { ...target, connectionString: relayed.url };
      },
    });
  });
  afterAll(async () => {
    await relay?.restore().catch(() => undefined);
    await t.close();
    await relay?.close();
  });

  it('answers 503 with Retry-After, changes nothing, and serves again once it is back', async () => {
    const token = await accessTokenFor(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const api = apiClient(t.app, token);
    const { refresh_token: refreshToken } = (await passwordGrant(t.app)).json() as {
      refresh_token: string;
    };
    await relay?.cut();

    const ready = await t.app.inject('/health/ready');
    expect([ready.statusCode, ready.headers['retry-after']]).toEqual([503, '5']);
    const list = await api.get('/api/identity/roles');
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toBe('5');
    expect(errorOf(list).message).toBe(UNAVAILABLE);
    const created = await api.post('/api/identity/roles', { name: 'Editors' });
    expect([created.statusCode, errorOf(created).message]).toEqual([503, UNAVAILABLE]);
    const signIn = await passwordGrant(t.app, { culture: 'es-MX' });
    expect([signIn.statusCode, signIn.headers['retry-after'], signIn.json()]).toEqual([
      503,
      '5',
      {
        error: 'temporarily_unavailable',
        error_description: NO_DISPONIBLE,
      },
    ]);
    const outage = { error: 'temporarily_unavailable', error_description: NO_DISPONIBLE };
    const refresh = await refreshGrant(t.app, refreshToken, { culture: 'es-MX' });
    expect([refresh.statusCode, refresh.headers['retry-after'], refresh.json()]).toEqual([
      503,
      '5',
      outage,
    ]);
    // What oidc-provider serves itself answers alike, as JSON or as its error page.
    const viaProvider = await refreshGrant(t.app, refreshToken, {
      scope: FULL_SCOPE,
      culture: 'es-MX',
    });
    expect([
      viaProvider.statusCode,
      viaProvider.headers['retry-after'],
      viaProvider.json(),
    ]).toEqual([503, '5', outage]);
    const userinfo = await t.app.inject({
      url: '/connect/userinfo',
      headers: { ...bearer(token), 'accept-language': 'es-MX' },
    });
    expect([userinfo.statusCode, userinfo.headers['retry-after'], userinfo.json()]).toEqual([
      503,
      '5',
      outage,
    ]);
    const authorize = await t.app.inject({
      url: `/connect/authorize?${new URLSearchParams({
        client_id: WEB_CLIENT,
        response_type: 'code',
        redirect_uri: t.config.appUrl,
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
      headers: { accept: 'text/html', 'accept-language': 'es-MX' },
    });
    expect([authorize.statusCode, authorize.headers['retry-after']]).toEqual([503, '5']);
    expect(authorize.headers['content-type']).toMatch(/^text\/html/);
    expect(authorize.body).toContain(NO_DISPONIBLE);
    const inSpanish = await t.app.inject({
      url: '/api/identity/roles',
      headers: { ...bearer(token), 'accept-language': 'es-MX' },
    });
    expect(errorOf(inSpanish).message).toBe(NO_DISPONIBLE);

    await relay?.restore();
    expect((await t.app.inject('/health/ready')).statusCode).toBe(200);
    expect(await rolesNamed(api, 'Editors')).toBe(0);
    expect((await api.post('/api/identity/roles', { name: 'Editors' })).statusCode).toBe(200);
    expect(await rolesNamed(api, 'Editors')).toBe(1);
    expect((await passwordGrant(t.app)).statusCode).toBe(200);
    // The refused refresh consumed nothing: the token still works.
    expect((await refreshGrant(t.app, refreshToken)).statusCode).toBe(200);
  });
});

/**
 * An operator's outage rather than a network's: PostgreSQL answers, but refuses every new
 * connection to the database (`ALLOW_CONNECTIONS false`, which unlike CONNECTION LIMIT 0 holds for
 * superusers too) after ending the open ones.
 */
describe.runIf(testDialect() === 'postgres')('when PostgreSQL closes the database', () => {
  let t: TestApp;
  let name: string;
  const admin = async (statement: string) => {
    // biome-ignore lint/style/noProcessEnv: CI's second pass gives the PostgreSQL server
    const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const allow = (allowed: boolean) => admin(`alter database ${name} allow_connections ${allowed}`);
  beforeAll(async () => {
    t = await createTestApp();
    if (t.config.database.dialect !== 'postgres')
      throw new Error('a PostgreSQL test database was expected');
    name = new URL(t.config.database.connectionString).pathname.slice(1);
  });
  afterAll(async () => {
    await allow(true).catch(() => undefined);
    await t.close();
  });

  it('answers the API and the token endpoint 503 with Retry-After until it opens again', async () => {
    const token = await accessTokenFor(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const api = apiClient(t.app, token);
    const { refresh_token: refreshToken } = (await passwordGrant(t.app)).json() as {
      refresh_token: string;
    };
    await allow(false);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);

    const ready = await t.app.inject('/health/ready');
    expect([ready.statusCode, ready.headers['retry-after']]).toEqual([503, '5']);
    const users = await api.get('/api/identity/users');
    expect([users.statusCode, users.headers['retry-after'], errorOf(users).message]).toEqual([
      503,
      '5',
      UNAVAILABLE,
    ]);
    const outage = { error: 'temporarily_unavailable', error_description: NO_DISPONIBLE };
    const signIn = await passwordGrant(t.app, { culture: 'es-MX' });
    expect([signIn.statusCode, signIn.headers['retry-after'], signIn.json()]).toEqual([
      503,
      '5',
      outage,
    ]);
    const refresh = await refreshGrant(t.app, refreshToken, { culture: 'es-MX' });
    expect([refresh.statusCode, refresh.headers['retry-after'], refresh.json()]).toEqual([
      503,
      '5',
      outage,
    ]);

    await allow(true);
    expect((await api.get('/api/identity/users')).statusCode).toBe(200);
    expect((await refreshGrant(t.app, refreshToken)).statusCode).toBe(200);
  });
});

describe.runIf(testDialect() === 'sqlite')('when another process holds SQLite’s write lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps serving while a write waits for the lock, and lands the write once it is free', async () => {
    const api = await adminClient(t.app);
    const other = new SqliteDatabase(sqliteFile(t));
    try {
      other.exec('begin immediate');
      let settled = false;
      const creating = api.post('/api/identity/roles', { name: 'Editors' }).finally(() => {
        settled = true;
      });
      // The write waits on a timer: requests go on meanwhile (WAL: reads beside the other
      // process's write), where SQLite's busy timeout used to stop the event loop for 5 s.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await rolesNamed(api, 'Editors')).toBe(0);
      expect((await t.app.inject('/health/live')).statusCode).toBe(200);
      expect(settled).toBe(false);
      other.exec('rollback');
      expect((await creating).statusCode).toBe(200);
      expect(await rolesNamed(api, 'Editors')).toBe(1);
    } finally {
      other.close();
    }
  });

  it('answers a write 503 when the lock is not freed in time, and writes once it is', async () => {
    const api = await adminClient(t.app);
    const other = new SqliteDatabase(sqliteFile(t));
    try {
      other.exec('begin immediate');
      const created = await api.post('/api/identity/roles', { name: 'Authors' });
      expect([created.statusCode, errorOf(created).message]).toEqual([503, UNAVAILABLE]);
      expect(created.headers['retry-after']).toBe('5');
      expect(await rolesNamed(api, 'Authors')).toBe(0);
      other.exec('rollback');
      expect((await api.post('/api/identity/roles', { name: 'Authors' })).statusCode).toBe(200);
      expect(await rolesNamed(api, 'Authors')).toBe(1);
    } finally {
      other.close();
    }
  });
});

function sqliteFile(t: TestApp): string {
  if (t.config.database.dialect !== 'sqlite')
    throw new Error('a SQLite test database was expected');
  return t.config.database.file;
}

// biome-ignore lint/style/noProcessEnv: CI's second pass gives the Redis server
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('when Redis goes away', () => {
  let t: TestApp;
  let relay: TcpRelay;
  beforeAll(async () => {
    const relayed = await relayUrl(redisUrl ?? '', 6379);
    relay = relayed.relay;
    t = await createTestApp({
      env: {
        REDIS_URL: relayed.url,
        RATE_LIMIT_TOKEN_PER_USER_NAME: '3',
        RATE_LIMIT_ACCOUNT_PER_IP: '2',
      },
    });
  });
  afterAll(async () => {
    await relay.restore().catch(() => undefined);
    await t.close();
    await relay.close();
  });

  it('signs in and serves reads and writes from the database, its caches skipped', async () => {
    const api = await adminClient(t.app);
    await relay.cut();
    expect((await passwordGrant(t.app)).statusCode).toBe(200);
    expect((await api.post('/api/identity/roles', { name: 'Editors' })).statusCode).toBe(200);
    expect(await rolesNamed(api, 'Editors')).toBe(1);
    expect((await api.get('/api/abp/application-configuration')).statusCode).toBe(200);
    await relay.restore();
    expect(await rolesNamed(api, 'Editors')).toBe(1);
  });

  it('still limits sign-in attempts and the account API, counting on this instance', async () => {
    await relay.cut();
    try {
      const guess = () => passwordGrant(t.app, { username: 'guessed', password: 'wrong' });
      for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(400);
      const refused = await guess();
      expect([refused.statusCode, refused.json().error]).toEqual([429, 'temporarily_unavailable']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const reset = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/send-password-reset-code',
          payload: { email: 'someone@example.test', appName: 'Angular' },
        });
      for (let i = 0; i < 2; i++) expect((await reset()).statusCode).toBe(204);
      const limited = await reset();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await relay.restore();
    }
  });
});
