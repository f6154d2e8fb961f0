import { loadConfig } from '../src/config.js';
import { createRawKysely } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { LocalizationResource } from '../src/platform/localization/localizer.js';
import { createServices, type Services } from '../src/services.js';
import { createTestDatabase, type TestDatabase, testEnvironment } from './test-database.js';

/** The real services on a fresh, migrated database, for tests below the HTTP layer. */
export async function createTestServices(
  options: { env?: Record<string, string>; resources?: LocalizationResource[] } = {},
): Promise<{ services: Services; database: TestDatabase; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const raw = createRawKysely(database.target);
  await migrateToLatest(raw);
  await raw.destroy();
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      ...testEnvironment(),
      ...options.env,
    }),
    database: database.target,
  };
  const services = createServices(config, options.resources ?? []);
  return {
    services,
    database,
    async close() {
      await services.close();
      await database.drop();
    },
  };
}
