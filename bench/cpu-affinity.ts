import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Where the bench's processes run. Issue 3 counts refreshes "per core", and the server is one Node
 * process (a main thread and libuv's pool), so the figure is the rate of a server confined to ONE
 * core, with the bench's client on the others: Linux `taskset` (sched_setaffinity) pins the server
 * child (every thread it will start inherits the mask) and this process. The argon2id baseline
 * runs inside the server child, so it is confined to the same core as the grant's hashing.
 *
 * BENCH_SERVER_CPU=<n> picks the server's CPU (default: the last one this process may use);
 * BENCH_PIN=0 turns pinning off (the figures then fall back to rate ÷ cores).
 */
export type CorePlan =
  | { pinned: true; serverCpu: number; clientCpus: number[] }
  | { pinned: false; reason: string };

/** `0-1,4` → [0, 1, 4]: the syntax of /proc's Cpus_allowed_list and of taskset's `-c`. */
export function parseCpuList(list: string): number[] {
  const cpus: number[] = [];
  for (const part of list.trim().split(',')) {
    if (!part) continue;
    const [first, last = first] = part.split('-').map(Number) as [number, number?];
    for (let cpu = first; cpu <= (last as number); cpu++) cpus.push(cpu);
  }
  return cpus;
}

/** The CPUs this process may run on, from /proc (Linux only). */
function allowedCpus(): number[] | undefined {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const line = /^Cpus_allowed_list:\s*(.+)$/m.exec(status)?.[1];
    return line ? parseCpuList(line) : undefined;
  } catch {
    return undefined;
  }
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Decides the server's core and the client's; says why not when it cannot. */
export function planCores(
  env: NodeJS.ProcessEnv = process.env,
  cpus = allowedCpus(),
  taskset = hasTaskset,
): CorePlan {
  if (env.BENCH_PIN === '0') return { pinned: false, reason: 'BENCH_PIN=0' };
  if (process.platform !== 'linux' || !cpus) return { pinned: false, reason: 'not Linux' };
  if (cpus.length < 2) return { pinned: false, reason: `only CPU ${cpus.join(',')} is allowed` };
  if (!taskset()) return { pinned: false, reason: 'taskset is not installed (util-linux)' };
  const requested = env.BENCH_SERVER_CPU === undefined ? undefined : Number(env.BENCH_SERVER_CPU);
  if (requested !== undefined && !cpus.includes(requested)) {
    return {
      pinned: false,
      reason: `BENCH_SERVER_CPU=${env.BENCH_SERVER_CPU} is not allowed here`,
    };
  }
  const serverCpu = requested ?? (cpus[cpus.length - 1] as number);
  return { pinned: true, serverCpu, clientCpus: cpus.filter((cpu) => cpu !== serverCpu) };
}

/** Confines every thread of process `pid` to `cpus`; false when it failed. */
export function pinProcess(pid: number, cpus: number[]): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus.join(','), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Confines every thread of this process (the bench client) to `cpus`; false when it failed. */
export const pinThisProcess = (cpus: number[]): boolean => pinProcess(process.pid, cpus);

/**
 * The command that starts a Node child on the plan's server core: `taskset -c <n>` execs node
 * in place (same pid, inherited IPC descriptor), so the child is pinned before its first
 * instruction and every thread it starts (libuv's pool, V8's helpers) inherits the mask.
 */
export function serverCommand(plan: CorePlan, nodeArgs: string[]): [string, string[]] {
  if (!plan.pinned) return [process.execPath, nodeArgs];
  return ['taskset', ['-c', String(plan.serverCpu), process.execPath, ...nodeArgs]];
}

/** One line for the report: where the server and the client ran. */
export function describePlan(plan: CorePlan): string {
  return plan.pinned
    ? `server confined to CPU ${plan.serverCpu} (taskset), bench client on CPU ${plan.clientCpus.join(',')}`
    : `server NOT confined to one core (${plan.reason}): "per core" falls back to rate ÷ cores`;
}

/**
 * Busy and total time of one CPU so far, in seconds (/proc/stat; USER_HZ is 100 on Linux), or
 * undefined where there is no /proc. Read around a slice, it tells how much of the server's core
 * went to other processes while the server ran there.
 */
export function cpuTimes(
  cpu: number,
  stat = readProcStat(),
): { busy: number; total: number } | undefined {
  const line = stat?.split('\n').find((text) => text.startsWith(`cpu${cpu} `));
  if (!line) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is already in user and nice)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as number[];
  const busy =
    (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  return { busy: busy / 100, total: (busy + (idle ?? 0) + (iowait ?? 0)) / 100 };
}

/**
 * Busy seconds of several CPUs together (the client's), from one read of /proc/stat; undefined
 * where there is no /proc. Read around a slice, it tells whether the client's cores, which the
 * bench client shares with the database, were the limit rather than the server.
 */
export function busySeconds(cpus: number[], stat = readProcStat()): number | undefined {
  if (stat === undefined) return undefined;
  let busy = 0;
  for (const cpu of cpus) busy += cpuTimes(cpu, stat)?.busy ?? 0;
  return busy;
}

/**
 * The server's core and the client's cores at one instant, from a single read of /proc/stat (what
 * a slice reads at each of its edges); both undefined where there is no /proc.
 */
export function coreTimes(serverCpu: number, clientCpus: number[], stat = readProcStat()) {
  if (stat === undefined) return { server: undefined, clientBusy: undefined };
  return { server: cpuTimes(serverCpu, stat), clientBusy: busySeconds(clientCpus, stat) };
}

function readProcStat(): string | undefined {
  try {
    return readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
}
