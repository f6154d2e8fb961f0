import { readFileSync } from 'node:fs';
import pg from 'pg';
import { pinProcess } from './cpu-affinity.js';

/**
 * The PostgreSQL backends that serve the bench server's database. A backend is a process of the
 * database server, not of ours: left to the scheduler, Linux wakes it on the core of the process
 * that sent the query, the server's, where it took a quarter to a third of the core the server is
 * measured on (2026-11-26, 14:25 UTC). In a deployment the database has cores of its own; here it
 * gets the client's, so that the server's core is the server's alone, as for the SQLite runs.
 * Their CPU time is read too, and shown beside the server's.
 */
export async function watchDatabaseBackends(options: {
  serverUrl: string;
  database: string;
  /** Where to confine them; undefined: left where they are (the server is not pinned either). */
  cpus: number[] | undefined;
}) {
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  const pinned = new Set<number>();
  let unpinned = 0;
  let pids: number[] = [];

  return {
    /** Finds the database's backends (the pool may have opened more) and pins the new ones. */
    async refresh(): Promise<void> {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [options.database],
      );
      pids = rows.map((row) => row.pid);
      for (const pid of pids) {
        if (!options.cpus || pinned.has(pid)) continue;
        if (pinProcess(pid, options.cpus)) pinned.add(pid);
        else unpinned++;
      }
    },
    /** How many backends could not be pinned (another user's processes, no taskset). */
    get unpinned() {
      return unpinned;
    },
    /** The backends' CPU time so far, in microseconds (/proc; 0 where it cannot be read). */
    cpuMicros(): number {
      return pids.reduce((sum, pid) => sum + processCpuMicros(pid), 0);
    },
    close: () => admin.end(),
  };
}

export type DatabaseBackends = Awaited<ReturnType<typeof watchDatabaseBackends>>;

/** Time a process has run on a CPU, from /proc/<pid>/schedstat (nanoseconds, unlike stat's ticks). */
function processCpuMicros(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
  } catch {
    return 0;
  }
}
