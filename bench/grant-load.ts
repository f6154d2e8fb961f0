import { ask as askServer, closeBenchServer, startBenchServer } from './bench-process.js';
import { describePlan, pinThisProcess, planCores } from './cpu-affinity.js';
import { splitThreadTimes, threadTimes } from './thread-times.js';
import {
  closedLoops,
  createFormClient,
  passwordGrant,
  passwordGrantBody,
} from './token-requests.js';

/**
 * One grant's load against the bench server, for A/B comparisons and for `perf`:
 * `MODE=refresh|password|stub|argon2 S=<seconds> R=<rounds> npx tsx bench/grant-load.ts` (after
 * `npm run build`). The server is confined to one core as in `npm run bench`; each round prints
 * the rate and the server's CPU time per request. `stub` is the password grant with the hash
 * stubbed out, `argon2` the bare verifications through the server's hasher. Several modes
 * (`MODE=argon2,password,stub`) alternate in the same server, the order turning every round, and
 * the totals give each one's rate against the first's: the bench's ratio in a shorter run.
 * The server's pid is printed before the rounds, for `perf record -p` (with
 * NODE_OPTIONS=--perf-basic-prof); SERVER_NODE_FLAGS are given to the server's node only
 * (`--trace-gc`, `--trace-opt`: NODE_OPTIONS refuses them). BENCH_STUB_SLEEP_MS: see
 * bench-server.ts. On Linux each round also splits the server's CPU time a request by thread:
 * the event loop, the busiest other thread (the hashing thread, when a hash runs) and the rest.
 */
const modes = (process.env.MODE ?? 'refresh').split(',');
const seconds = Number(process.env.S ?? 8);
const rounds = Number(process.env.R ?? 2);
const connections = 10;
const plan = planCores();
if (plan.pinned) pinThisProcess(plan.clientCpus);
console.log(describePlan(plan));

const { child, address } = await startBenchServer(plan, 'bench-server.ts', {
  nodeFlags: (process.env.SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean),
});
const ask = <T>(message: Record<string, unknown>) => askServer<T>(child, message);

const client = createFormClient(connections);
const passwordBody = passwordGrantBody();
const chains = await Promise.all(
  Array.from({ length: connections }, async () => (await passwordGrant(address)).refresh_token),
);

/** `connections` closed loops for `length` seconds; the number of requests done. */
const loop = async (length: number, next: (worker: number) => Promise<unknown>) =>
  (await closedLoops(connections, length, next)).count;

const load = async (mode: string, length: number): Promise<number> => {
  if (mode === 'argon2') {
    const done = await ask<{ count: number }>({
      command: 'argon2',
      seconds: length,
      concurrency: 10,
    });
    return done.count;
  }
  if (mode === 'refresh') {
    return loop(length, async (worker) => {
      chains[worker] = await client.refresh(address, chains[worker] as string);
    });
  }
  if (mode === 'stub') await ask({ command: 'stub-hash', on: true });
  try {
    return await loop(length, () => client.grant(address, passwordBody, 'password grant'));
  } finally {
    if (mode === 'stub') await ask({ command: 'stub-hash', on: false });
  }
};

const totals = new Map(modes.map((mode) => [mode, { count: 0, wall: 0, cpu: 0 }]));
// The password grant's code warmed as in `npm run bench` (run.ts): unwarmed, V8 was still
// compiling its once-a-grant functions after a minute at a hundred grants a second.
if (modes.includes('password') && !modes.includes('stub')) await load('stub', 3);
for (const mode of modes) await load(mode, 3);
console.log(`server pid ${child.pid}`);
for (let round = 0; round < rounds; round++) {
  // The order turns every round, so that load from elsewhere falls on every mode alike.
  const order = modes.map((_, i) => modes[(i + round) % modes.length] as string);
  for (const mode of order) {
    const before = await ask<NodeJS.CpuUsage>({ command: 'cpu' });
    const threadsBefore = threadTimes(child.pid as number);
    const start = performance.now();
    const count = await load(mode, seconds);
    const threadsAfter = threadTimes(child.pid as number);
    const after = await ask<NodeJS.CpuUsage>({ command: 'cpu' });
    const wall = (performance.now() - start) / 1000;
    const cpu = after.user + after.system - before.user - before.system;
    const total = totals.get(mode) as { count: number; wall: number; cpu: number };
    total.count += count;
    total.wall += wall;
    total.cpu += cpu;
    const perRequest = (spent: number) => `${((spent * 1e6) / count).toFixed(0)} µs`;
    const split =
      threadsBefore && threadsAfter
        ? splitThreadTimes(child.pid as number, threadsBefore, threadsAfter)
        : undefined;
    console.log(
      `${mode} ${(count / wall).toFixed(0)}/s  ${(cpu / count).toFixed(0)} µs/req  (${count} in ${wall.toFixed(1)} s)${split ? `  event loop ${perRequest(split.main)}, busiest other thread ${perRequest(split.busiest)}, the rest ${perRequest(split.rest)}` : ''}`,
    );
  }
}
if (modes.length > 1) {
  const first = totals.get(modes[0] as string) as { count: number; wall: number; cpu: number };
  for (const [mode, total] of totals) {
    console.log(
      `total ${mode} ${(total.count / total.wall).toFixed(0)}/s  ${(total.cpu / total.count).toFixed(0)} µs/req  ${(total.count / total.wall / (first.count / first.wall)).toFixed(3)} × ${modes[0]}`,
    );
  }
}
client.close();
await closeBenchServer(child);
