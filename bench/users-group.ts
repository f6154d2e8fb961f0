import { closeBenchServer, startBenchServer } from './bench-process.js';
import {
  BENCH_SMALL_TENANT,
  BENCH_TENANT,
  BENCH_USER_PASSWORD,
  RARE_SURNAME,
} from './bench-shared.js';
import type { CorePlan } from './cpu-affinity.js';
import { watchDatabaseBackends } from './database-backends.js';
import type { Harness, Scenario } from './harness.js';
import type { Row } from './report.js';
import { browserHeadersFor, passwordGrant } from './token-requests.js';

/** The users list's scenarios (issue 6), each against its server's bare route. */
const usersListScenarios: {
  key: string;
  name: string;
  query: string;
  small?: boolean;
  diagnostic?: boolean;
}[] = [
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
  // Diagnostics (no target): the pager's Last, which reads from the end (page-from-nearer-end.ts):
  // it should cost what the first page does, unfiltered and through the broad filter's walk.
  {
    key: 'last',
    name: 'last page (skipCount 100 000)',
    query: 'skipCount=100000&maxResultCount=10',
    diagnostic: true,
  },
  {
    key: 'broad-last',
    name: 'filter "example", last page (skipCount 49 990)',
    query: 'filter=example&skipCount=49990&maxResultCount=10',
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
];

/**
 * `GET /api/identity/users` as the admin of a tenant with 100 000 users beside 1 000 other tenants,
 * on a server of its own (a copy of the seeded database, users-seed.ts), against that server's bare
 * route. `db` names the rows' keys (sqlite or pg), `label` their names; `postgresUrl` is the
 * PostgreSQL server the database was created on, whose backends are then watched. The report's
 * rows for the group.
 */
export async function runUsersGroup(
  harness: Harness,
  group: {
    db: string;
    label: string;
    env: Record<string, string>;
    corePlan: CorePlan;
    postgresUrl?: string;
  },
): Promise<Row[]> {
  const { db, label, corePlan, postgresUrl } = group;
  const started = performance.now();
  const server = await startBenchServer(corePlan, 'bench-server.ts', {
    env: { ...group.env, BENCH_SEED: 'users' },
  });
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
    const scenarios: Scenario[] = [
      {
        key: bareKey,
        name: `bare Fastify route (${label})`,
        server: server.child,
        database,
        run: (length) =>
          harness.load({ url: `${server.address}/bench/bare`, headers: browserHeaders }, length),
      },
      ...usersListScenarios.map(
        (scenario): Scenario => ({
          key: `users-${db}-${scenario.key}`,
          name: `users list, ${scenario.name}`,
          server: server.child,
          database,
          run: (length) =>
            harness.load(
              {
                url: `${server.address}/api/identity/users?${scenario.query}`,
                headers: headersOf(scenario.small),
              },
              length,
            ),
        }),
      ),
    ];
    for (const scenario of scenarios) await scenario.run(1);
    await harness.interleaved(scenarios);
    if (database?.unpinned) {
      console.log(
        `users group on ${label}: ${database.unpinned} database backends could not be confined to the client's cores`,
      );
    }
    return [
      { key: bareKey, name: `bare Fastify route (${label})` },
      ...usersListScenarios.map((scenario) => ({
        key: `users-${db}-${scenario.key}`,
        name: `${label}: ${scenario.name}`,
        baseline: bareKey,
        ...(scenario.small || scenario.diagnostic ? {} : { target: { ratio: 0.25 } }),
      })),
    ];
  } finally {
    await database?.close();
    await closeBenchServer(server.child).catch(() => undefined);
  }
}
