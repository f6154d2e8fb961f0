import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';

/**
 * The built server on a fresh SQLite database, plus a bare Fastify route in the same process: the
 * baseline every figure is divided by. Runs as a child so that autocannon does not share its event loop.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'vineta-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: 'Bench-Admin-1!',
  PORT: '0',
  APP_URL: 'http://127.0.0.1:0',
});
const app = await buildApp(config);
app.get('/bench/bare', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, dataDir });
process.on('message', async (message) => {
  if (message === 'close') {
    await app.close();
    process.exit(0);
  }
});
