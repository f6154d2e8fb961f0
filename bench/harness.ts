import type { ChildProcess } from 'node:child_process';
import { ask } from './bench-process.js';
import { type CorePlan, coreTimes } from './cpu-affinity.js';
import type { DatabaseBackends } from './database-backends.js';
import { autocannon, type Options } from './load-client.js';

/** Requests (or verifications) done in a slice, and the slice's actual length. */
export interface Slice {
  count: number;
  seconds: number;
}

export interface Scenario {
  /** Key for the totals and the profile's file name. */
  key: string;
  name: string;
  run(seconds: number): Promise<Slice>;
  /** The process whose CPU time the scenario costs (the harness's server unless said). */
  server?: ChildProcess;
  /** False for a server that cannot take CPU profiles (oidc-provider alone). */
  profiled?: boolean;
  /** The PostgreSQL backends serving the server's database: pinned, and their CPU time read. */
  database?: DatabaseBackends;
}

/** What a scenario's slices added up to. */
export interface Totals {
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

export interface HarnessOptions {
  /** The server a scenario costs unless it names another. */
  server: ChildProcess;
  corePlan: CorePlan;
  connections: number;
  /** Slices a scenario runs in, and each slice's length in seconds. */
  rounds: number;
  slice: number;
  /** Where each scenario's CPU profile is written (one slice a scenario then), if anywhere. */
  profileDir?: string;
}

/**
 * Runs scenarios in slices and adds up, per scenario, the requests, time and CPU time of the
 * server, the client, the cores and the database.
 */
export function createHarness(options: HarnessOptions) {
  const { corePlan, profileDir } = options;
  const totals = new Map<string, Totals>();

  /** Runs one slice of a scenario and adds its requests, time and the server's CPU time. */
  async function runSlice(scenario: Scenario, length: number): Promise<void> {
    const server = scenario.server ?? options.server;
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

  return {
    totals: totals as ReadonlyMap<string, Totals>,

    /**
     * The scenarios of a group in interleaved slices, the order turning each round (A B C, B C A,
     * C A B, …) so that no scenario always follows the same one (and inherits its garbage).
     */
    async interleaved(group: Scenario[]): Promise<void> {
      for (let round = 0; round < options.rounds; round++) {
        for (let index = 0; index < group.length; index++) {
          await runSlice(group[(round + index) % group.length] as Scenario, options.slice);
        }
      }
    },

    /** autocannon with the harness's connections; any answer that is not a 2xx fails the run. */
    async load(request: Options, length: number): Promise<Slice> {
      let failure = '';
      const result = await autocannon({
        connections: options.connections,
        ...request,
        duration: length,
        requests: [
          {
            method: request.method ?? 'GET',
            headers: request.headers,
            body: request.body,
            onResponse: (status, body) => {
              if (status >= 300 && !failure) failure = `${status} ${body.slice(0, 300)}`;
            },
          },
        ],
      });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(
          `${request.url}: ${result.non2xx} non-2xx answers (first: ${failure}), ${result.errors} errors`,
        );
      }
      return { count: result.requests.total, seconds: result.duration };
    },
  };
}

export type Harness = ReturnType<typeof createHarness>;
