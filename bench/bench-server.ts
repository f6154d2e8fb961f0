import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';

/**
 * The built server on a fresh SQLite database, plus the baselines every figure is divided by, in
 * the same process: a bare Fastify route, and bare argon2id verifications. Runs as a child so that
 * autocannon does not share its event loop.
 */
import { BENCH_ADMIN_PASSWORD } from './bench-shared.js';

const port = Number(process.env.BENCH_PORT);
const dataDir = mkdtempSync(join(tmpdir(), 'vineta-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
  PORT: String(port),
  APP_URL: `http://127.0.0.1:${port}`,
  // The bench signs in far more often than any person would.
  RATE_LIMIT_TOKEN_PER_IP: '0',
  RATE_LIMIT_TOKEN_PER_USER_NAME: '0',
  RATE_LIMIT_ACCOUNT_PER_IP: '0',
});
const app = await buildApp(config);
app.get('/bench/bare', async () => ({ hello: 'world' }));
const address = await app.listen({ port, host: '127.0.0.1' });

/** argon2id verifications per second with `concurrency` in flight, as the password grant runs them. */
async function argon2Rate(seconds: number, concurrency: number): Promise<number> {
  const encoded = await hash(BENCH_ADMIN_PASSWORD, {
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
    algorithm: 2,
  });
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await verify(encoded, BENCH_ADMIN_PASSWORD);
        done++;
      }
    }),
  );
  return done / seconds;
}

process.send?.({ address, dataDir });
process.on(
  'message',
  async (message: { command: string; seconds?: number; concurrency?: number }) => {
    if (message.command === 'argon2') {
      process.send?.({ rate: await argon2Rate(message.seconds ?? 5, message.concurrency ?? 10) });
    }
    if (message.command === 'close') {
      await app.close();
      process.exit(0);
    }
  },
);
