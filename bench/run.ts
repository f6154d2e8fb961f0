import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_SMALL_TENANT,
  BENCH_TENANT,
  BENCH_USER_PASSWORD,
  RARE_SURNAME,
} from './bench-shared.js';
import { reportLoginBundle } from './bundle.js';
import {
  coreTimes,
  describePlan,
  pinThisProcess,
  planCores,
  serverCommand,
} from './cpu-affinity.js';
import { type DatabaseBackends, watchDatabaseBackends } from './database-backends.js';
import { autocannon, type Options } from './load-client.js';

/**
 * `npm run bench`: starts the built server in a child process and measures each scenario against a
 * baseline of the same run (a bare route, or bare argon2id verifications), printing requests per
 * second, the ratio, and the server's CPU time per request. Targets come from the issues that set
 * them; a miss sets a non-zero exit.
 *
 * Fairness on a shared machine: a scenario and its baseline run in interleaved slices (BENCH_ROUNDS
 * of them, each BENCH_SECONDS / BENCH_ROUNDS long), so that load from other processes that comes
 * and goes falls on both alike; a rate is requests over time summed across its slices. The CPU
 * time per request (main thread and thread pool, user and system, from `process.cpuUsage`) is
 * much less sensitive to that load than the rates, and says where a ratio comes from.
 *
 * Every server child runs confined to one core and this process to the others (cpu-affinity.ts):
 * issue 3 counts refreshes per core, and the argon2id baseline must hash where the grant hashes.
 *
 * BENCH_PROFILE_DIR=<dir> writes each scenario's CPU profile there (`<scenario>.cpuprofile`, one
 * slice per scenario then); `npx tsx bench/profile-summary.ts <file>` sums it up.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const profileDir = process.env.BENCH_PROFILE_DIR;
const rounds = profileDir ? 1 : Math.max(1, Number(process.env.BENCH_ROUNDS ?? 8));
/** Which groups to run (comma-separated): configuration, password, refresh, users. All by default. */
const groups = new Set(
  (process.env.BENCH_GROUPS ?? 'configuration,password,refresh,users')
    .split(',')
    .map((g) => g.trim()),
);
/** A PostgreSQL server for the users group's second run (a fresh database is created on it). */
const postgresUrl = process.env.BENCH_POSTGRES_URL;
const slice = seconds / rounds;
/**
 * What a browser sends once it has visited: compression, and the XSRF cookie the application
 * configuration handed it (xsrf.ts), which every later request carries. Without the cookie, every
 * read of the configuration would pay for a new one, as only a first visit does (a diagnostic row).
 */
async function browserHeadersFor(origin: string) {
  const visit = await fetch(`${origin}/api/abp/application-configuration`);
  const xsrf = visit.headers.getSetCookie().find((cookie) => cookie.startsWith('XSRF-TOKEN='));
  if (!visit.ok || !xsrf) throw new Error(`${origin}: no XSRF cookie (${visit.status})`);
  return { 'accept-encoding': 'gzip, deflate, br', cookie: xsrf.split(';')[0] as string };
}
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const tokenScope = 'openid profile email roles offline_access Vineta';

/** Requests (or verifications) done in a slice, and the slice's actual length. */
interface Slice {
  count: number;
  seconds: number;
}

interface Scenario {
  /** Key for the totals and the profile's file name. */
  key: string;
  name: string;
  run(seconds: number): Promise<Slice>;
  /** The process whose CPU time the scenario costs (the bench server unless said). */
  server?: ChildProcess;
  /** False for a server that cannot take CPU profiles (oidc-provider alone). */
  profiled?: boolean;
  /** The PostgreSQL backends serving the server's database: pinned, and their CPU time read. */
  database?: DatabaseBackends;
}

/** A line of the report: a scenario, the baseline its ratio is taken against, its target. */
interface Row {
  key: string;
  name: string;
  baseline?: string;
  target?: { ratio?: number; perCore?: number };
}

interface Totals {
  count: number;
  seconds: number;
  cpuMicros: number;
  /** This process's CPU time (autocannon or fetch): it shares the machine with the server. */
  clientCpuMicros: number;
  /** Busy time of the server's core (all processes on it), when the server is pinned. */
  coreBusySeconds: number;
  /** Busy time of the client's cores (the client, and the database's backends that run there). */
  clientCoresBusySeconds: number;
  /** CPU time of the database's backends (PostgreSQL only). */
  databaseCpuMicros: number;
  /** Each slice's rate, in the order they ran: slice i of every scenario of a group is round i. */
  sliceRates: number[];
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Sends a command to the bench server and waits for its answer. */
function ask<T>(child: ChildProcess, message: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench server exited with ${code}`));
    child.once('message', (answer) => {
      child.off('exit', onExit);
      resolve(answer as T);
    });
    child.once('exit', onExit);
    child.send(message);
  });
}

/**
 * Every server child on one core, this process (the client) on the others (cpu-affinity.ts): the
 * refresh target is per core, and the argon2id baseline must hash where the grant hashes.
 */
const corePlan = planCores();
/** The machine's cores, counted before this process is pinned (which would make it 1). */
const cores = availableParallelism();
const clientPinned = corePlan.pinned && pinThisProcess(corePlan.clientCpus);

async function startServer(file = 'bench-server.ts', env: Record<string, string> = {}) {
  const [command, args] = serverCommand(corePlan, [
    '--import',
    'tsx',
    join(import.meta.dirname, file),
  ]);
  const child = spawn(command, args, {
    env: { ...process.env, ...env, BENCH_PORT: String(await freePort()) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { address, seededSeconds, postgresDatabase } = await new Promise<{
    address: string;
    seededSeconds?: number;
    postgresDatabase?: string;
  }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { address: string }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, address, seededSeconds: seededSeconds ?? 0, postgresDatabase };
}

const { child, address } = await startServer();
const totals = new Map<string, Totals>();

/** Runs one slice of a scenario and adds its requests, time and the server's CPU time. */
async function runSlice(scenario: Scenario, length: number): Promise<void> {
  const server = scenario.server ?? child;
  const profiled = profileDir && scenario.profiled !== false;
  await scenario.database?.refresh();
  if (profiled) await ask(server, { command: 'profile-start' });
  const databaseBefore = scenario.database?.cpuMicros() ?? 0;
  const before = await ask<NodeJS.CpuUsage>(server, { command: 'cpu' });
  const readCores = () =>
    corePlan.pinned ? coreTimes(corePlan.serverCpu, corePlan.clientCpus) : undefined;
  const coresBefore = readCores();
  const client = process.cpuUsage();
  const done = await scenario.run(length);
  const clientUsed = process.cpuUsage(client);
  const coresAfter = readCores();
  const after = await ask<NodeJS.CpuUsage>(server, { command: 'cpu' });
  const databaseAfter = scenario.database?.cpuMicros() ?? 0;
  if (profiled) await ask(server, { command: 'profile-stop', name: scenario.key });
  const total = totals.get(scenario.key) ?? {
    count: 0,
    seconds: 0,
    cpuMicros: 0,
    clientCpuMicros: 0,
    coreBusySeconds: 0,
    clientCoresBusySeconds: 0,
    databaseCpuMicros: 0,
    sliceRates: [],
  };
  total.count += done.count;
  total.sliceRates.push(done.count / done.seconds);
  total.seconds += done.seconds;
  total.cpuMicros += after.user + after.system - before.user - before.system;
  total.clientCpuMicros += clientUsed.user + clientUsed.system;
  if (coresBefore?.server && coresAfter?.server)
    total.coreBusySeconds += coresAfter.server.busy - coresBefore.server.busy;
  if (coresBefore?.clientBusy !== undefined && coresAfter?.clientBusy !== undefined)
    total.clientCoresBusySeconds += coresAfter.clientBusy - coresBefore.clientBusy;
  total.databaseCpuMicros += databaseAfter - databaseBefore;
  totals.set(scenario.key, total);
}

/**
 * The scenarios of a group in interleaved slices, the order turning each round (A B C, B C A,
 * C A B, …) so that no scenario always follows the same one (and inherits its garbage).
 */
async function interleaved(group: Scenario[]): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < group.length; index++) {
      await runSlice(group[(round + index) % group.length] as Scenario, slice);
    }
  }
}

async function load(options: Options, length: number): Promise<Slice> {
  let failure = '';
  const result = await autocannon({
    connections,
    ...options,
    duration: length,
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
  return { count: result.requests.total, seconds: result.duration };
}

async function passwordGrant(origin = address, tenant?: string, password = BENCH_ADMIN_PASSWORD) {
  const response = await fetch(`${origin}/connect/token`, {
    method: 'POST',
    headers: tenant ? { ...form, __tenant: tenant } : form,
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'Vineta_App',
      username: 'admin',
      password,
      scope: tokenScope,
    }),
  });
  if (!response.ok)
    throw new Error(`password grant failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

/**
 * The grants' client: node:http on kept-alive sockets, one per worker. `fetch` cost the bench
 * process about as much CPU per refresh as the server spent on it, on the same two cores.
 */
const keepAlive = new Agent({ keepAlive: true, maxSockets: connections });

function postForm(
  url: URL,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { ...form, ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
        });
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function refreshGrant(
  origin: string,
  token: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: 'Vineta_App',
    refresh_token: token,
    ...extra,
  }).toString();
  const { status, text } = await postForm(new URL('/connect/token', origin), body);
  if (status !== 200) throw new Error(`refresh failed: ${status} ${text}`);
  return (JSON.parse(text) as { refresh_token: string }).refresh_token;
}

/**
 * Rotating refresh grants: a rotated refresh token works once, so each worker follows its own
 * chain and sends the next request only with the token the previous answer brought (autocannon
 * prepares requests ahead).
 */
function refreshScenario(
  key: string,
  name: string,
  origin: string,
  chains: string[],
  server?: ChildProcess,
  extra: Record<string, string> = {},
): Scenario {
  return {
    key,
    name,
    server,
    profiled: server === undefined,
    async run(length) {
      const start = performance.now();
      const end = start + length * 1000;
      let count = 0;
      await Promise.all(
        chains.map(async (_, index) => {
          while (performance.now() < end) {
            chains[index] = await refreshGrant(origin, chains[index] as string, extra);
            count++;
          }
        }),
      );
      return { count, seconds: (performance.now() - start) / 1000 };
    },
  };
}

/** The users list's scenarios (issue 6), each against its server's bare route. */
const usersListScenarios = [
  { key: 'paged', name: 'first page', query: 'maxResultCount=10' },
  {
    key: 'sorted',
    name: 'sorted by e-mail, descending',
    query: 'sorting=email%20desc&maxResultCount=10',
  },
  {
    key: 'selective',
    name: `filter "${RARE_SURNAME.toLowerCase()}" (10 users)`,
    query: `filter=${RARE_SURNAME.toLowerCase()}&maxResultCount=10`,
  },
  {
    key: 'broad',
    name: 'filter "example" (half of them)',
    query: 'filter=example&maxResultCount=10',
  },
  // Diagnostic (no target): ABP pages by offset, and an offset of 50 000 walks 50 000 index
  // entries on any engine (docs/benchmarks.md, "Deep pages"); shown to watch that walk's cost.
  {
    key: 'deep',
    name: 'page 5 001 (skipCount 50 000)',
    query: 'skipCount=50000&maxResultCount=10',
    diagnostic: true,
  },
  // Diagnostics (no target): the same requests in a tenant of 21 users, which should cost what
  // they cost in the large one when indexes make them independent of the table's size.
  {
    key: 'small-paged',
    name: 'first page, tenant of 21 users',
    query: 'maxResultCount=10',
    small: true,
  },
  {
    key: 'small-broad',
    name: 'filter "example", tenant of 21 users',
    query: 'filter=example&maxResultCount=10',
    small: true,
  },
] as { key: string; name: string; query: string; small?: boolean; diagnostic?: boolean }[];
const usersRows: Row[] = [];

/**
 * `GET /api/identity/users` as the admin of a tenant with 100 000 users beside 1 000 other tenants,
 * on a server of its own (a copy of the seeded database, users-seed.ts), against that server's bare
 * route. `db` names the rows: sqlite or pg.
 */
async function usersGroup(db: string, label: string, env: Record<string, string>) {
  const started = performance.now();
  const server = await startServer('bench-server.ts', { ...env, BENCH_SEED: 'users' });
  console.log(
    `users group on ${label}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s${server.seededSeconds ? ` (seeded the template in ${server.seededSeconds.toFixed(1)} s)` : ' (from the seeded template)'}`,
  );
  const database =
    server.postgresDatabase && postgresUrl
      ? await watchDatabaseBackends({
          serverUrl: postgresUrl,
          database: server.postgresDatabase,
          cpus: corePlan.pinned ? corePlan.clientCpus : undefined,
        })
      : undefined;
  try {
    const admin = await passwordGrant(server.address, BENCH_TENANT);
    const smallAdmin = await passwordGrant(server.address, BENCH_SMALL_TENANT, BENCH_USER_PASSWORD);
    const browserHeaders = await browserHeadersFor(server.address);
    const headersOf = (small?: boolean) => ({
      ...browserHeaders,
      authorization: `Bearer ${(small ? smallAdmin : admin).access_token}`,
    });
    const bareKey = `users-${db}-bare`;
    const group: Scenario[] = [
      {
        key: bareKey,
        name: `bare Fastify route (${label})`,
        server: server.child,
        database,
        run: (length) =>
          load({ url: `${server.address}/bench/bare`, headers: browserHeaders }, length),
      },
      ...usersListScenarios.map(
        (scenario): Scenario => ({
          key: `users-${db}-${scenario.key}`,
          name: `users list, ${scenario.name}`,
          server: server.child,
          database,
          run: (length) =>
            load(
              {
                url: `${server.address}/api/identity/users?${scenario.query}`,
                headers: headersOf(scenario.small),
              },
              length,
            ),
        }),
      ),
    ];
    usersRows.push(
      { key: bareKey, name: `bare Fastify route (${label})` },
      ...usersListScenarios.map((scenario) => ({
        key: `users-${db}-${scenario.key}`,
        name: `${label}: ${scenario.name}`,
        baseline: bareKey,
        ...(scenario.small || scenario.diagnostic ? {} : { target: { ratio: 0.25 } }),
      })),
    );
    for (const scenario of group) await scenario.run(1);
    await interleaved(group);
    if (database?.unpinned) {
      console.log(
        `users group on ${label}: ${database.unpinned} database backends could not be confined to the client's cores`,
      );
    }
  } finally {
    await database?.close();
    await ask(server.child, { command: 'close' }).catch(() => undefined);
  }
}

try {
  const configuration = `${address}/api/abp/application-configuration`;
  const admin = await passwordGrant();
  const browserHeaders = await browserHeadersFor(address);
  const bare: Scenario = {
    key: 'bare',
    name: 'bare Fastify route',
    run: (length) => load({ url: `${address}/bench/bare`, headers: browserHeaders }, length),
  };
  const anonymous: Scenario = {
    key: 'app-config-anonymous',
    name: 'application configuration, anonymous',
    run: (length) =>
      load(
        { url: configuration, headers: { ...browserHeaders, 'accept-language': 'es-MX' } },
        length,
      ),
  };
  // Diagnostic: a browser's first visit, which is handed its XSRF cookie (an HMAC and a header).
  const firstVisit: Scenario = {
    key: 'app-config-first-visit',
    name: 'application configuration, first visit',
    run: (length) =>
      load(
        {
          url: configuration,
          headers: {
            'accept-encoding': browserHeaders['accept-encoding'],
            'accept-language': 'es-MX',
          },
        },
        length,
      ),
  };
  const signedIn: Scenario = {
    key: 'app-config-admin',
    name: 'application configuration, signed-in admin',
    run: (length) =>
      load(
        {
          url: configuration,
          headers: { ...browserHeaders, authorization: `Bearer ${admin.access_token}` },
        },
        length,
      ),
  };
  if (groups.has('configuration')) {
    // Until the JIT has compiled the hot paths, a fresh process spends more on compiling than on
    // answering: the first seconds are not measured.
    for (const warmUp of [anonymous, signedIn, firstVisit, bare]) await warmUp.run(2);
    await interleaved([bare, anonymous, signedIn, firstVisit]);
  }

  // Both keep `connections` verifications in flight through the server's hasher, in the same
  // process on the same core: the grant adds only its own work beside the hash.
  const argon2: Scenario = {
    key: 'argon2',
    name: 'bare argon2id verifications',
    run: (length) =>
      ask<Slice>(child, { command: 'argon2', seconds: length, concurrency: connections }),
  };
  // Diagnostic: the same verifications straight on libuv's pool, as many at once as it has
  // threads (the baseline before the hasher limited hashes to the cores).
  const argon2Raw: Scenario = {
    key: 'argon2-raw',
    name: 'bare argon2id, all on the thread pool',
    run: (length) =>
      ask<Slice>(child, { command: 'argon2-raw', seconds: length, concurrency: connections }),
  };
  const passwordBody = new URLSearchParams({
    grant_type: 'password',
    client_id: 'Vineta_App',
    username: 'admin',
    password: BENCH_ADMIN_PASSWORD,
    scope: tokenScope,
  }).toString();
  /**
   * Password grants from `connections` workers, each sending its next request when its last answer
   * came, and finishing that one after the slice: as the argon2id baseline runs its
   * verifications. (autocannon abandoned up to 10 grants in flight at each slice's end; at 10–20
   * grants a second their work fell into the next slice, uncounted.)
   */
  const passwordScenario = (
    key: string,
    name: string,
    headers: Record<string, string> = {},
  ): Scenario => ({
    key,
    name,
    async run(length) {
      const url = new URL('/connect/token', address);
      const start = performance.now();
      const end = start + length * 1000;
      let count = 0;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (performance.now() < end) {
            const { status, text } = await postForm(url, passwordBody, headers);
            if (status !== 200) throw new Error(`password grant failed: ${status} ${text}`);
            count++;
          }
        }),
      );
      return { count, seconds: (performance.now() - start) / 1000 };
    },
  });
  const password = passwordScenario('password-grant', 'password grant');
  // The same grant through oidc-provider's token endpoint: an Accept header the shortcut leaves
  // to the provider (it decides how errors render; a success is the same JSON).
  const passwordViaProvider = passwordScenario(
    'password-grant-provider',
    'password grant, via the provider',
    { accept: 'application/json, text/html;q=0.5' },
  );
  /** `grant` for `length` seconds, every password checking out at once (bench-server.ts). */
  async function runStubbed(grant: Scenario, length: number): Promise<Slice> {
    await ask(child, { command: 'stub-hash', on: true });
    try {
      return await grant.run(length);
    } finally {
      await ask(child, { command: 'stub-hash', on: false });
    }
  }
  const withoutHash: Scenario = {
    key: 'password-grant-no-hash',
    name: 'password grant, hash stubbed out',
    run: (length) => runStubbed(password, length),
  };
  if (groups.has('password')) {
    // The grant's code as a server that has signed people in for a while runs it: V8 optimizes a
    // function only once it has run many times, and at a hundred grants a second the once-a-grant
    // ones were still being compiled after a minute (`--trace-opt`), on the grant's core. Stubbed,
    // the same code runs a thousand times a second; both ways in (the shortcut and the provider).
    await runStubbed(password, 3);
    await runStubbed(passwordViaProvider, 3);
    await password.run(2);
    await interleaved([argon2, password, passwordViaProvider, withoutHash, argon2Raw]);
  }

  if (groups.has('refresh')) {
    const newChains = () =>
      Promise.all(
        Array.from({ length: connections }, async () => (await passwordGrant()).refresh_token),
      );
    const refresh = refreshScenario(
      'refresh-grant',
      'refresh grant (rotating)',
      address,
      await newChains(),
    );
    // The same grant through oidc-provider's token endpoint: the same server, a request the
    // shortcut hands over (a `scope` parameter repeating the granted scope, which changes nothing).
    const viaProvider = refreshScenario(
      'refresh-grant-provider',
      'refresh grant, via the provider',
      address,
      await newChains(),
      undefined,
      { scope: tokenScope },
    );
    // The same grant on oidc-provider alone (memory store, no Fastify or database), interleaved.
    const floor = await startServer('oidc-provider-floor.ts');
    try {
      const floorChains = (
        await ask<{ tokens: string[] }>(floor.child, {
          command: 'refresh-tokens',
          count: connections,
        })
      ).tokens;
      const alone = refreshScenario(
        'refresh-floor',
        'refresh grant, oidc-provider alone',
        floor.address,
        floorChains,
        floor.child,
      );
      await refresh.run(2);
      await viaProvider.run(2);
      await alone.run(2);
      await interleaved([refresh, viaProvider, alone]);
    } finally {
      await ask(floor.child, { command: 'close' }).catch(() => undefined);
    }
  }
  if (groups.has('users')) {
    await usersGroup('sqlite', 'SQLite', {});
    if (postgresUrl) {
      await usersGroup('pg', 'PostgreSQL', { BENCH_SEED_POSTGRES_URL: postgresUrl });
    } else {
      console.log('users group: BENCH_POSTGRES_URL unset, PostgreSQL skipped');
    }
  }
} finally {
  keepAlive.destroy();
  await ask(child, { command: 'close' }).catch(() => undefined);
}

const rateOf = (key: string) => {
  const total = totals.get(key);
  return total ? total.count / total.seconds : 0;
};
const cpuOf = (key: string) => {
  const total = totals.get(key);
  return total ? total.cpuMicros / Math.max(1, total.count) : 0;
};
/** ` (lowest–highest)` of a row's per-round figures: how far noise moves the run's total. */
const roundsRange = (values: number[], digits: number) =>
  values.length < 2
    ? ''
    : ` (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
/** Each round's ratio: a slice against its baseline's slice of the same round, minutes apart. */
const ratioSpread = (key: string, baseline: string) => {
  const rates = totals.get(key)?.sliceRates ?? [];
  const baseRates = totals.get(baseline)?.sliceRates ?? [];
  if (rates.length !== baseRates.length) return '';
  return roundsRange(
    rates.map((rate, round) => rate / (baseRates[round] as number)),
    2,
  );
};
const clientCpuOf = (key: string) => {
  const total = totals.get(key);
  return total ? total.clientCpuMicros / Math.max(1, total.count) : 0;
};
const rows: Row[] = [
  { key: 'bare', name: 'bare Fastify route' },
  {
    key: 'app-config-anonymous',
    name: 'application configuration, anonymous',
    baseline: 'bare',
    target: { ratio: 0.5 },
  },
  {
    key: 'app-config-admin',
    name: 'application configuration, signed-in admin',
    baseline: 'bare',
    target: { ratio: 0.5 },
  },
  {
    key: 'app-config-first-visit',
    name: 'application configuration, first visit',
    baseline: 'bare',
  },
  { key: 'argon2', name: 'bare argon2id verifications' },
  { key: 'argon2-raw', name: 'bare argon2id, all on the thread pool', baseline: 'argon2' },
  { key: 'password-grant', name: 'password grant', baseline: 'argon2', target: { ratio: 0.9 } },
  { key: 'password-grant-provider', name: 'password grant, via the provider', baseline: 'argon2' },
  // Diagnostic: the grant's work beside the hash (its server CPU per request is what the hash's
  // 90 % budget leaves room for: a ninth of an argon2id verification).
  { key: 'password-grant-no-hash', name: 'password grant, hash stubbed out' },
  { key: 'refresh-grant', name: 'refresh grant (rotating)', target: { perCore: 1000 } },
  {
    key: 'refresh-grant-provider',
    name: 'refresh grant, via the provider',
    baseline: 'refresh-grant',
  },
  {
    key: 'refresh-floor',
    name: 'refresh grant, oidc-provider alone',
    baseline: 'refresh-grant',
  },
];

console.log(
  `\n${connections} connections, ${seconds} s a scenario in ${rounds} interleaved slices, Node ${process.version}, ${cores} cores, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`,
);
console.log(
  `${describePlan(corePlan)}${corePlan.pinned && !clientPinned ? " (pinning the client failed: it may share the server's core)" : ''}\n`,
);
const tableRows = [...rows, ...usersRows];
/** The scenario column: as wide as the longest name shown, so that the columns line up. */
const nameWidth = Math.max(
  44,
  ...tableRows.filter((row) => totals.has(row.key)).map((row) => row.name.length),
);
console.log(
  `${'scenario'.padEnd(nameWidth)} ${'rate'.padStart(9)}  ${'ratio (rounds)'.padEnd(34)} ${'server CPU'.padStart(14)} ${'client CPU'.padStart(14)} ${'database CPU'.padStart(14)} ${'others on core'.padStart(14)} ${'client cores'.padStart(12)}  target`,
);
/** The database backends' CPU per request (PostgreSQL runs only). */
const databaseCpuText = (key: string) => {
  const total = totals.get(key);
  return total?.databaseCpuMicros
    ? `${(total.databaseCpuMicros / Math.max(1, total.count)).toFixed(0)} µs/req`
    : '—';
};
/** Share of the server's core that other processes used while it ran there (pinned runs only). */
const othersOnCoreText = (key: string) => {
  const total = totals.get(key);
  if (!total || !corePlan.pinned) return '—';
  const share = Math.max(0, total.coreBusySeconds - total.cpuMicros / 1e6) / total.seconds;
  return `${(share * 100).toFixed(0)} %`;
};
/** How busy the client's cores were (pinned runs only): the client and any database share them. */
const clientCoresShare = (key: string) => {
  const total = totals.get(key);
  if (!total || !corePlan.pinned || total.seconds === 0) return undefined;
  return total.clientCoresBusySeconds / (total.seconds * corePlan.clientCpus.length);
};
/**
 * Past this share the client's cores, not the server, may be what limits a row's rate: a miss then
 * says so, with the ratio of the server's CPU per request (what the server alone would allow).
 */
const CLIENT_BOUND_SHARE = 0.9;
const clientCoresText = (key: string) => {
  const share = clientCoresShare(key);
  return share === undefined ? '—' : `${(share * 100).toFixed(0)} %`;
};
/** "Per core" (issue 3): the rate of the server on its one core; rate ÷ cores when not pinned. */
const perCoreOf = (rate: number) => (corePlan.pinned ? rate : rate / cores);
const perCoreLabel = corePlan.pinned ? 'on 1 server core' : `÷ ${cores} cores`;
let missed = false;
for (const row of tableRows) {
  if (!totals.has(row.key)) continue;
  const rate = rateOf(row.key);
  const checks: string[] = [];
  let ratioText = '';
  if (row.baseline) {
    const ratio = rate / rateOf(row.baseline);
    ratioText = `${ratio.toFixed(2)}${ratioSpread(row.key, row.baseline)} × ${row.baseline}`;
    if (row.target?.ratio !== undefined) {
      const ok = ratio >= row.target.ratio;
      missed ||= !ok;
      checks.push(`${ok ? 'meets' : 'MISSES'} ≥ ${row.target.ratio}`);
      const clientShare = clientCoresShare(row.key);
      if (!ok && clientShare !== undefined && clientShare >= CLIENT_BOUND_SHARE) {
        const byServerCpu = cpuOf(row.baseline) / cpuOf(row.key);
        checks.push(
          `client cores ${(clientShare * 100).toFixed(0)} % busy; by server CPU ${byServerCpu.toFixed(2)} ×`,
        );
      }
    }
  }
  if (row.target?.perCore !== undefined) {
    const perCore = perCoreOf(rate);
    const ok = perCore >= row.target.perCore;
    missed ||= !ok;
    const spread = roundsRange((totals.get(row.key) as Totals).sliceRates.map(perCoreOf), 0);
    ratioText = `${perCore.toFixed(0)}/s${spread} per core`;
    checks.push(`${ok ? 'meets' : 'MISSES'} ≥ ${row.target.perCore}/s per core`);
  }
  console.log(
    `${row.name.padEnd(nameWidth)} ${rate.toFixed(0).padStart(7)}/s  ${ratioText.padEnd(34)} ${cpuOf(row.key).toFixed(0).padStart(7)} µs/req ${clientCpuOf(row.key).toFixed(0).padStart(7)} µs/req ${databaseCpuText(row.key).padStart(14)} ${othersOnCoreText(row.key).padStart(14)} ${clientCoresText(row.key).padStart(12)}  ${checks.join('; ')}`,
  );
}

// The refresh rows three ways: per core as the target counts it (the server on its own core), the
// rate over all the machine's cores (the figure before the server was pinned), and per second of
// the server's own CPU time (what a core given to it alone would do, whatever shares the machine).
const refreshRows = rows.filter((row) => row.key.startsWith('refresh') && totals.has(row.key));
if (refreshRows.length > 0) {
  console.log(
    `\n${'refresh, per core'.padEnd(nameWidth)} ${perCoreLabel.padStart(17)} ${`rate ÷ ${cores} cores`.padStart(16)} ${'per s of server CPU'.padStart(20)} ${'server on its core'.padStart(19)} ${'others on it'.padStart(13)}`,
  );
  for (const row of refreshRows) {
    const total = totals.get(row.key) as Totals;
    const rate = rateOf(row.key);
    const perCpuSecond = cpuOf(row.key) > 0 ? 1e6 / cpuOf(row.key) : 0;
    // How much of its core the server used, and how much went to other processes scheduled there
    // (the rest was idle: the server waiting for its client or the disk).
    const serverShare = total.cpuMicros / 1e6 / total.seconds;
    console.log(
      `${row.name.padEnd(nameWidth)} ${`${perCoreOf(rate).toFixed(0)}/s`.padStart(17)} ${`${(rate / cores).toFixed(0)}/s`.padStart(16)} ${`${perCpuSecond.toFixed(0)}/s`.padStart(20)} ${`${(serverShare * 100).toFixed(0)} %`.padStart(19)} ${othersOnCoreText(row.key).padStart(13)}`,
    );
  }
}
process.exitCode = missed ? 1 : 0;
if (!reportLoginBundle()) process.exitCode = 1;
