import { availableParallelism } from 'node:os';
import { ask, closeBenchServer, startBenchServer } from './bench-process.js';
import { reportLoginBundle } from './bundle.js';
import { pinThisProcess, planCores } from './cpu-affinity.js';
import { createHarness, type Scenario, type Slice } from './harness.js';
import { printReport, type Row } from './report.js';
import {
  browserHeadersFor,
  closedLoops,
  createFormClient,
  passwordGrant,
  passwordGrantBody,
  tokenScope,
} from './token-requests.js';
import { runUsersGroup } from './users-group.js';

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

const corePlan = planCores();
/** The machine's cores, counted before this process is pinned (which would make it 1). */
const cores = availableParallelism();
const clientPinned = corePlan.pinned && pinThisProcess(corePlan.clientCpus);

const { child, address } = await startBenchServer(corePlan);
const harness = createHarness({
  server: child,
  corePlan,
  connections,
  rounds,
  slice: seconds / rounds,
  profileDir,
});
const { load, interleaved } = harness;
const formClient = createFormClient(connections);

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
  server?: Scenario['server'],
  extra: Record<string, string> = {},
): Scenario {
  return {
    key,
    name,
    server,
    profiled: server === undefined,
    run: (length) =>
      closedLoops(chains.length, length, async (worker) => {
        chains[worker] = await formClient.refresh(origin, chains[worker] as string, extra);
      }),
  };
}

const usersRows: Row[] = [];

try {
  const configuration = `${address}/api/abp/application-configuration`;
  const admin = await passwordGrant(address);
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
  const passwordBody = passwordGrantBody();
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
    run: (length) =>
      closedLoops(connections, length, () =>
        formClient.grant(address, passwordBody, 'password grant', headers),
      ),
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
        Array.from(
          { length: connections },
          async () => (await passwordGrant(address)).refresh_token,
        ),
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
    const floor = await startBenchServer(corePlan, 'oidc-provider-floor.ts');
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
      await closeBenchServer(floor.child).catch(() => undefined);
    }
  }
  if (groups.has('users')) {
    usersRows.push(
      ...(await runUsersGroup(harness, { db: 'sqlite', label: 'SQLite', env: {}, corePlan })),
    );
    if (postgresUrl) {
      const env = { BENCH_SEED_POSTGRES_URL: postgresUrl };
      const group = { db: 'pg', label: 'PostgreSQL', env, corePlan, postgresUrl };
      usersRows.push(...(await runUsersGroup(harness, group)));
    } else {
      console.log('users group: BENCH_POSTGRES_URL unset, PostgreSQL skipped');
    }
  }
} finally {
  formClient.close();
  await closeBenchServer(child).catch(() => undefined);
}

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

process.exitCode = printReport({
  totals: harness.totals,
  rows: [...rows, ...usersRows],
  corePlan,
  cores,
  clientPinned,
  connections,
  seconds,
  rounds,
})
  ? 1
  : 0;
if (!reportLoginBundle()) process.exitCode = 1;
