import { readdirSync, readFileSync } from 'node:fs';

/**
 * A process's CPU time (user + system, in seconds) by thread id, from Linux's /proc; undefined
 * where there is none. Read around a round of load, it tells the event loop's share of a grant
 * from the hashing thread's (docs/benchmarks.md, session 30).
 */
export function threadTimes(pid: number): Map<number, number> | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  const times = new Map<number, number>();
  for (const tid of tids) {
    try {
      times.set(Number(tid), threadSeconds(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return times;
}

/** utime + stime of a /proc `stat` line, in seconds (clock ticks of 1/100 s, Linux's USER_HZ). */
export function threadSeconds(stat: string): number {
  // The command name, in parentheses, may itself hold spaces and parentheses: count after the
  // last one. fields[0] is then the state (the 3rd field); utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface ThreadSplit {
  /** The main thread, whose id is the process's: Node's event loop. */
  main: number;
  /** The other thread that took the most time (a hashing thread under the password grant). */
  busiest: number;
  /** Every other thread together (libuv's pool, V8's helpers). */
  rest: number;
}

/** CPU seconds each part of a process spent between two readings of `threadTimes`. */
export function splitThreadTimes(
  pid: number,
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
): ThreadSplit {
  let main = 0;
  const others: number[] = [];
  for (const [tid, seconds] of after) {
    const spent = seconds - (before.get(tid) ?? 0);
    if (tid === pid) main = spent;
    else others.push(spent);
  }
  const busiest = Math.max(0, ...others);
  const rest = others.reduce((sum, spent) => sum + spent, 0) - busiest;
  return { main, busiest, rest };
}
