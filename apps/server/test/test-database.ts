import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../src/config.js';

/**
 * A fresh, empty database for one test file: a SQLite file in a temporary folder, or, when
 * TEST_POSTGRES_URL is set (CI's second pass), a new PostgreSQL database dropped afterwards.
 */
export interface TestDatabase {
  target: DatabaseTarget;
  dataDir: string;
  drop(): Promise<void>;
}

export const testDialect = (): 'sqlite' | 'postgres' =>
  // biome-ignore lint/style/noProcessEnv: the test run chooses the engine
  process.env.TEST_POSTGRES_URL ? 'postgres' : 'sqlite';

/** Variables CI's second pass sets for every test app: Redis for caches and rate limits. */
export function testEnvironment(): Record<string, string> {
  // biome-ignore lint/style/noProcessEnv: see above
  const redisUrl = process.env.TEST_REDIS_URL;
  // Each test app counts its own rate limits: Redis outlives apps, files and runs.
  const prefix = `vineta-test-${crypto.randomUUID()}:`;
  return redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } : {};
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vineta-test-'));
  // biome-ignore lint/style/noProcessEnv: see above
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  if (!postgresUrl) {
    return {
      target: { dialect: 'sqlite', file: join(dataDir, 'test.sqlite') },
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `vineta_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(postgresUrl, `create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    target: { dialect: 'postgres', connectionString: url.toString() },
    dataDir,
    async drop() {
      await dropPostgresDatabase(name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Drops a database of CI's PostgreSQL server, if it is there; nothing on SQLite runs. */
export async function dropPostgresDatabase(name: string): Promise<void> {
  // biome-ignore lint/style/noProcessEnv: see above
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  if (postgresUrl) await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
