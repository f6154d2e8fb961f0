import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app.js';
import { type Config, type DatabaseTarget, loadConfig } from '../src/config.js';
import { createTestDatabase, type TestDatabase, testEnvironment } from './test-database.js';

export const TEST_ADMIN_PASSWORD = '1q2w3E*';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The variables a test application starts with (before its own), on the data folder given. */
export const testAppEnvironment = (dataDir: string): Record<string, string> => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...testEnvironment(),
  ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
  APP_URL: 'http://localhost:3000',
});

/** The real application on a fresh database, for `app.inject()` tests. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    build?: BuildAppOptions;
    /** How the app reaches its fresh database (through a relay that a test can cut, say). */
    reachDatabase?: (target: DatabaseTarget) => Promise<DatabaseTarget>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const base = loadConfig({ ...testAppEnvironment(database.dataDir), ...options.env });
  const target = options.reachDatabase
    ? await options.reachDatabase(database.target)
    : database.target;
  const config: Config = { ...base, database: target };
  const app = await buildApp(config, { webRoot: '/nonexistent', ...options.build });
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
