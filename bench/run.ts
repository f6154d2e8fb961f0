import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_ADMIN_PASSWORD } from './bench-shared.js';

/**
 * `npm run bench`: starts the built server in a child process and measures each scenario against a
 * baseline of the same run (a bare route, or bare argon2id verifications), printing requests per
 * second and the ratio. Targets come from the issues that set them; a miss sets a non-zero exit.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const tokenScope = 'openid profile email roles offline_access Vineta';

interface Result {
  name: string;
  rate: number;
  baseline: number;
  baselineName: string;
  target?: { ratio?: number; perCore?: number };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startServer() {
  const child = fork(join(import.meta.dirname, 'bench-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_PORT: String(await freePort()) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { address } = await reply<{ address: string }>(child);
  return { child, address };
}

function reply<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function load(options: autocannon.Options): Promise<number> {
  let failure = '';
  const result = await autocannon({
    connections,
    duration: seconds,
    ...options,
    requests: [
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        onResponse: (status, body) => {
          if (status >= 300 && !failure) failure = `${status} ${body.slice(0, 300)}`;
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${options.url}: ${result.non2xx} non-2xx answers (first: ${failure}), ${result.errors} errors`,
    );
  }
  return result.requests.average;
}

/** Requests per second of workers that each feed one answer into their next request. */
async function chainLoad(
  starts: string[],
  step: (state: string) => Promise<string>,
): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    starts.map(async (start) => {
      let state = start;
      while (Date.now() < end) {
        state = await step(state);
        done++;
      }
    }),
  );
  return done / seconds;
}

async function passwordGrant(address: string) {
  const response = await fetch(`${address}/connect/token`, {
    method: 'POST',
    headers: form,
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'Vineta_App',
      username: 'admin',
      password: BENCH_ADMIN_PASSWORD,
      scope: tokenScope,
    }),
  });
  if (!response.ok)
    throw new Error(`password grant failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

const { child, address } = await startServer();
const results: Result[] = [];
try {
  const configuration = `${address}/api/abp/application-configuration`;
  await load({ url: configuration, headers: browserHeaders, duration: 2 }); // warm-up
  const bare = await load({ url: `${address}/bench/bare`, headers: browserHeaders });
  const baseline = { baseline: bare, baselineName: 'bare route' };
  results.push({ name: 'bare Fastify route', rate: bare, ...baseline });
  results.push({
    name: 'application configuration, anonymous',
    rate: await load({
      url: configuration,
      headers: { ...browserHeaders, 'accept-language': 'es-MX' },
    }),
    ...baseline,
    target: { ratio: 0.5 },
  });
  const admin = await passwordGrant(address);
  results.push({
    name: 'application configuration, signed-in admin',
    rate: await load({
      url: configuration,
      headers: { ...browserHeaders, authorization: `Bearer ${admin.access_token}` },
    }),
    ...baseline,
    target: { ratio: 0.5 },
  });

  child.send({ command: 'argon2', seconds, concurrency: connections });
  const argon2 = (await reply<{ rate: number }>(child)).rate;
  const passwordBody = new URLSearchParams({
    grant_type: 'password',
    client_id: 'Vineta_App',
    username: 'admin',
    password: BENCH_ADMIN_PASSWORD,
    scope: tokenScope,
  }).toString();
  results.push({
    name: 'password grant',
    rate: await load({
      url: `${address}/connect/token`,
      method: 'POST',
      headers: form,
      body: passwordBody,
    }),
    baseline: argon2,
    baselineName: 'argon2id verifications',
    target: { ratio: 0.9 },
  });

  // A rotated refresh token works once, so each worker follows its own chain and sends the next
  // request only with the token the previous answer brought (autocannon prepares requests ahead).
  const chains = await Promise.all(
    Array.from({ length: connections }, () => passwordGrant(address)),
  );
  const refresh = await chainLoad(
    chains.map((chain) => chain.refresh_token),
    async (token) => {
      const response = await fetch(`${address}/connect/token`, {
        method: 'POST',
        headers: form,
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'Vineta_App',
          refresh_token: token,
        }),
      });
      if (!response.ok)
        throw new Error(`refresh failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { refresh_token: string }).refresh_token;
    },
  );
  results.push({
    name: 'refresh grant (rotating)',
    rate: refresh,
    ...baseline,
    target: { perCore: 1000 },
  });
} finally {
  child.send({ command: 'close' });
}

const cores = (await import('node:os')).availableParallelism();
console.log(
  `\n${connections} connections, ${seconds} s each, Node ${process.version}, ${cores} cores, SQLite\n`,
);
let missed = false;
for (const result of results) {
  const ratio = result.rate / result.baseline;
  const checks: string[] = [];
  if (result.target?.ratio !== undefined) {
    const ok = ratio >= result.target.ratio;
    missed ||= !ok;
    checks.push(`${ok ? 'meets' : 'MISSES'} ≥ ${result.target.ratio}`);
  }
  if (result.target?.perCore !== undefined) {
    const perCore = result.rate / cores;
    const ok = perCore >= result.target.perCore;
    missed ||= !ok;
    checks.push(
      `${perCore.toFixed(0)}/s per core, ${ok ? 'meets' : 'MISSES'} ≥ ${result.target.perCore}`,
    );
  }
  console.log(
    `${result.name.padEnd(46)} ${result.rate.toFixed(0).padStart(7)} /s  ${ratio.toFixed(2).padStart(5)} × ${result.baselineName.padEnd(24)} ${checks.join('; ')}`,
  );
}
process.exitCode = missed ? 1 : 0;
