import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { buildApp } from '../apps/server/dist/app.js';
import { type Config, loadConfig } from '../apps/server/dist/config.js';
import { defaultPasswordHasherOptions } from '../apps/server/dist/platform/security/password-hashing/password-hasher.js';

/**
 * The built server on a fresh database, plus the baselines every figure is divided by, in the same
 * process: a bare Fastify route, and bare argon2id verifications. Runs as a child so that
 * autocannon does not share its event loop.
 *
 * BENCH_SEED=users: the database is a copy of the users-list data (users-seed.ts), on SQLite, or
 * on PostgreSQL when BENCH_SEED_POSTGRES_URL names a server (a fresh database, dropped at close).
 */
import { BENCH_ADMIN_PASSWORD } from './bench-shared.js';
import { type PreparedDatabase, prepareUsersDatabase } from './users-seed.js';

const port = Number(process.env.BENCH_PORT);
const dataDir = mkdtempSync(join(tmpdir(), 'vineta-bench-'));
const configFor = (databaseUrl: string | undefined): Config =>
  loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The bench signs in far more often than any person would.
    RATE_LIMIT_TOKEN_PER_IP: '0',
    RATE_LIMIT_TOKEN_PER_USER_NAME: '0',
    RATE_LIMIT_ACCOUNT_PER_IP: '0',
  });
let prepared: PreparedDatabase | undefined;
if (process.env.BENCH_SEED === 'users') {
  prepared = await prepareUsersDatabase({
    dataDir,
    postgresUrl: process.env.BENCH_SEED_POSTGRES_URL,
    configFor,
  });
}
const app = await buildApp(configFor(prepared?.databaseUrl));
app.get('/bench/bare', async () => ({ hello: 'world' }));
const address = await app.listen({ port, host: '127.0.0.1' });
const verifyPassword = app.services.passwordHasher.verify;

/**
 * The stubbed hash checks out at once, or with BENCH_STUB_SLEEP_MS after that many milliseconds,
 * one at a time: the grant then runs at the rate argon2 allows, without argon2's memory on the
 * core (a diagnostic: what the grant costs at that rate, caches undisturbed by the hash).
 */
const stubSleepMs = Number(process.env.BENCH_STUB_SLEEP_MS ?? 0);
let stubTurn: Promise<unknown> = Promise.resolve();
async function stubVerify(): Promise<boolean> {
  if (!stubSleepMs) return true;
  const turn = stubTurn.then(() => new Promise((resolve) => setTimeout(resolve, stubSleepMs)));
  stubTurn = turn;
  await turn;
  return true;
}

/** The admin's hash as the server stores it: the same argon2id parameters as its hasher. */
const encoded = await hash(BENCH_ADMIN_PASSWORD, {
  ...defaultPasswordHasherOptions,
  algorithm: 2, // argon2id (an ambient const enum in @node-rs/argon2's types)
});

/**
 * argon2id verifications for `seconds` with `concurrency` in flight, as the password grant runs
 * them under load (one verification per request, `concurrency` connections): through the server's
 * hasher, so with the same limit on hashes at once as the grant's (password-hasher.ts), or, `raw`,
 * straight on libuv's pool (the baseline until that limit existed).
 */
async function argon2(seconds: number, concurrency: number, raw = false) {
  const start = performance.now();
  const end = start + seconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        if (raw) await verify(encoded, BENCH_ADMIN_PASSWORD);
        else if (!(await verifyPassword(encoded, BENCH_ADMIN_PASSWORD)))
          throw new Error('the bench hash does not verify');
        count++;
      }
    }),
  );
  return { count, seconds: (performance.now() - start) / 1000 };
}

/**
 * `BENCH_PROFILE_DIR`: each scenario's CPU profile (V8's .cpuprofile, open it in Chrome's DevTools
 * or aggregate its self time with bench/profile-summary.ts), taken in this process only.
 */
const profileDir = process.env.BENCH_PROFILE_DIR;
const inspector = profileDir ? new Session() : undefined;
if (inspector && profileDir) {
  mkdirSync(profileDir, { recursive: true });
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
}

process.send?.({
  address,
  dataDir,
  seededSeconds: prepared?.seededSeconds ?? 0,
  // A PostgreSQL database's name, for the bench to find the backends that serve it.
  postgresDatabase: prepared?.databaseUrl?.startsWith('postgres')
    ? new URL(prepared.databaseUrl).pathname.slice(1)
    : undefined,
});
process.on(
  'message',
  async (message: {
    command: string;
    seconds?: number;
    concurrency?: number;
    name?: string;
    on?: boolean;
  }) => {
    if (message.command === 'cpu') process.send?.(process.cpuUsage());
    // For one slice at a time: every password checks out at no cost, so that the run can tell the
    // password grant's own work from the hash's.
    if (message.command === 'stub-hash') {
      app.services.passwordHasher.verify = message.on ? stubVerify : verifyPassword;
      process.send?.({ ok: true });
    }
    if (message.command === 'profile-start') {
      await inspector?.post('Profiler.start');
      process.send?.({ ok: true });
    }
    if (message.command === 'profile-stop') {
      const result = await inspector?.post('Profiler.stop');
      if (result && profileDir)
        writeFileSync(
          join(profileDir, `${message.name}.cpuprofile`),
          JSON.stringify(result.profile),
        );
      process.send?.({ ok: true });
    }
    if (message.command === 'argon2' || message.command === 'argon2-raw') {
      const raw = message.command === 'argon2-raw';
      process.send?.(await argon2(message.seconds ?? 5, message.concurrency ?? 10, raw));
    }
    if (message.command === 'close') {
      await app.close();
      await prepared?.drop();
      // A users-list copy is ~180 MB; every run made one more until the disk filled.
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  },
);
