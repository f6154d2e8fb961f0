import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, expect, it } from 'vitest';
import { runFromSources } from '../test/node-from-sources.js';
import { freePort } from '../test/smtp-test-server.js';
import { testDialect } from '../test/test-database.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

// What an operator sees when the server cannot start for a reason of the host's: one line that
// names what is wrong and where, and exit code 1; never a stack trace, nor a password.

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'vineta-main-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs main.ts from its sources with only these variables; its exit code and its stderr's lines. */
function start(env: Record<string, string>) {
  const main = join(import.meta.dirname, 'main.ts');
  return new Promise<{ code: number | null; lines: string[] }>((resolve) => {
    execFile(
      process.execPath,
      runFromSources(main),
      { env: { LOG_LEVEL: 'silent', ...env }, timeout: 30_000 },
      (error, _stdout, stderr) => {
        const lines = stderr
          .split('\n')
          .filter((line) => line && !line.startsWith('oidc-provider WARNING'));
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, lines });
      },
    );
  });
}

it('names the PostgreSQL server it cannot reach, without its password', async () => {
  const port = await freePort();
  const { code, lines } = await start({
    DATA_DIR: dataDir(),
    DATABASE_URL: `postgres://vineta:s3cret@127.0.0.1:${port}/vineta`,
  });
  expect(code).toBe(1);
  expect(lines).toEqual([
    `Cannot use the database at 127.0.0.1:${port}/vineta: connect ECONNREFUSED 127.0.0.1:${port}`,
  ]);
}, 30_000);

it('names the SQLite file whose folder it may not make', async () => {
  const { code, lines } = await start({
    DATA_DIR: dataDir(),
    DATABASE_URL: 'sqlite:/proc/no-such-folder/vineta.sqlite',
  });
  expect(code).toBe(1);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^Cannot use the database at \/proc\/no-such-folder\/vineta\.sqlite: ENOENT: .*mkdir '\/proc\/no-such-folder'/,
  );
}, 30_000);

it('names the address it cannot listen on', async () => {
  const taken: Server = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => taken.close(() => resolve())));
  const { port } = taken.address() as { port: number };
  const { code, lines } = await start({
    DATA_DIR: dataDir(),
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  expect(code).toBe(1);
  expect(lines).toEqual([
    `Cannot listen on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
  ]);
}, 30_000);

it('names ENCRYPTION_KEY when the stored secrets were written with another key', async () => {
  const dir = dataDir();
  const written = await buildApp(
    loadConfig({ DATA_DIR: dir, ENCRYPTION_KEY: 'a'.repeat(32), LOG_LEVEL: 'silent' }),
    { webRoot: '/nonexistent' },
  );
  await written.close();
  const { code, lines } = await start({ DATA_DIR: dir, ENCRYPTION_KEY: 'b'.repeat(32) });
  expect(code).toBe(1);
  expect(lines).toEqual([
    `ENCRYPTION_KEY: the secrets in the database at ${join(dir, 'vineta.sqlite')} were written with another key (set ENCRYPTION_KEY, or ${dir}/encryption.key, to that one)`,
  ]);
}, 30_000);

it('refuses a second instance on one SQLite file without Redis, and starts at once after the first', async () => {
  const dir = dataDir();
  const first = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), {
    webRoot: '/nonexistent',
  });
  const file = join(dir, 'vineta.sqlite');
  try {
    const { code, lines } = await start({ DATA_DIR: dir, PORT: '0' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `Another instance is using the database at ${file}: give each instance its own DATA_DIR, or set REDIS_URL so that instances sharing it hear of each other's changes`,
    ]);
  } finally {
    await first.close();
  }
  // The lock goes with the instance: the next one takes the file.
  const next = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), {
    webRoot: '/nonexistent',
  });
  await next.close();
}, 30_000);

it('refuses a first ADMIN_PASSWORD that the password rules refuse, naming every rule it breaks', async () => {
  const dir = dataDir();
  const { code, lines } = await start({ DATA_DIR: dir, ADMIN_PASSWORD: 'vineta' });
  expect(code).toBe(1);
  expect(lines).toEqual([
    "Configuration error: ADMIN_PASSWORD: the password rules refuse it. Passwords must have at least one non alphanumeric character. Passwords must have at least one digit ('0'-'9'). Passwords must have at least one uppercase ('A'-'Z').",
  ]);
  // The rules are the host's settings: relaxed, the same password makes the admin.
  const relaxed = {
    DATA_DIR: dir,
    ADMIN_PASSWORD: 'vineta',
    LOG_LEVEL: 'silent',
    'Settings__Abp.Identity.Password.RequireNonAlphanumeric': 'false',
    'Settings__Abp.Identity.Password.RequireDigit': 'false',
    'Settings__Abp.Identity.Password.RequireUppercase': 'false',
  };
  const app = await buildApp(loadConfig(relaxed), { webRoot: '/nonexistent' });
  await app.close();
  // Once the admin exists the variable is not read, so a later change of rules cannot stop a start.
  const again = await buildApp(
    loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'vineta', LOG_LEVEL: 'silent' }),
    {
      webRoot: '/nonexistent',
    },
  );
  await again.close();
}, 30_000);

it('names the data folder where it cannot keep its encryption key', async () => {
  const { code, lines } = await start({ DATA_DIR: '/proc/no-such-folder' });
  expect(code).toBe(1);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^Configuration error: \/proc\/no-such-folder\/encryption\.key: cannot be written \(ENOENT: .*\); give the server a DATA_DIR it may write, or set ENCRYPTION_KEY$/,
  );
}, 30_000);

it.runIf(testDialect() === 'postgres')(
  'names the PostgreSQL database that does not exist on a server it reaches',
  async () => {
    // biome-ignore lint/style/noProcessEnv: the PostgreSQL server of CI's second pass
    const server = new URL(process.env.TEST_POSTGRES_URL ?? '');
    server.pathname = '/no_such_database';
    const { code, lines } = await start({ DATA_DIR: dataDir(), DATABASE_URL: server.toString() });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `Cannot use the database at ${server.hostname}:${server.port || '5432'}/no_such_database: database "no_such_database" does not exist (3D000)`,
    ]);
  },
  30_000,
);

/** Starts main.ts with these variables until it listens: the process, and its start line. */
async function started(env: Record<string, string>) {
  const child = spawn(process.execPath, runFromSources(join(import.meta.dirname, 'main.ts')), {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for await (const line of createInterface({ input: child.stdout })) {
    const { msg } = JSON.parse(line) as { msg: string };
    if (msg.startsWith('Viñeta is serving')) return { child, exited, line: msg };
  }
  throw new Error('main.ts ended before it listened');
}

it('says where it listens besides its public address', async () => {
  const { line } = await started({
    DATA_DIR: dataDir(),
    HOST: '127.0.0.1',
    PORT: '0',
    APP_URL: 'https://vineta.example',
  });
  const port = /:(\d+)$/.exec(line)?.[1];
  expect(line).toBe(`Viñeta is serving https://vineta.example, listening on 127.0.0.1:${port}`);
}, 30_000);

it('on SIGTERM stays in service but unready for SHUTDOWN_DELAY seconds, then closes', async () => {
  const { child, exited, line } = await started({
    DATA_DIR: dataDir(),
    HOST: '127.0.0.1',
    PORT: '0',
    SHUTDOWN_DELAY: '2',
  });
  const origin = `http://127.0.0.1:${/:(\d+)$/.exec(line)?.[1]}`;
  expect((await fetch(`${origin}/health/ready`)).status).toBe(200);

  const signalled = Date.now();
  child.kill('SIGTERM');
  await expect.poll(async () => (await fetch(`${origin}/health/ready`)).status).toBe(503);
  const ready = await fetch(`${origin}/health/ready`);
  const { status } = (await ready.json()) as { status: string };
  expect([ready.headers.get('retry-after'), status]).toEqual(['5', 'stopping']);
  expect((await fetch(`${origin}/health/live`)).status).toBe(200);
  expect((await fetch(`${origin}/api/abp/application-configuration`)).status).toBe(200);

  expect(await exited).toBe(0);
  expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
}, 30_000);
