import { type CorePlan, describePlan } from './cpu-affinity.js';
import type { Totals } from './harness.js';

/** A line of the report: a scenario, the baseline its ratio is taken against, its target. */
export interface Row {
  key: string;
  name: string;
  baseline?: string;
  target?: { ratio?: number; perCore?: number };
}

export interface ReportOptions {
  totals: ReadonlyMap<string, Totals>;
  /** In the order printed; rows whose scenario did not run are left out. */
  rows: Row[];
  corePlan: CorePlan;
  /** The machine's cores, counted before the client was pinned. */
  cores: number;
  clientPinned: boolean;
  connections: number;
  seconds: number;
  rounds: number;
}

/**
 * Past this share the client's cores, not the server, may be what limits a row's rate: a miss then
 * says so, with the ratio of the server's CPU per request (what the server alone would allow).
 */
const CLIENT_BOUND_SHARE = 0.9;

/** ` (lowest–highest)` of a row's per-round figures: how far noise moves the run's total. */
const roundsRange = (values: number[], digits: number) =>
  values.length < 2
    ? ''
    : ` (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

/** Prints the run's table (and the refresh rows per core); whether any target was missed. */
export function printReport(options: ReportOptions): boolean {
  const { totals, corePlan, cores } = options;
  const totalOf = (key: string) => totals.get(key) as Totals;
  const rateOf = (key: string) => {
    const total = totals.get(key);
    return total ? total.count / total.seconds : 0;
  };
  /** A total's figure per request. */
  const perRequest = (key: string, figure: (total: Totals) => number) => {
    const total = totals.get(key);
    return total ? figure(total) / Math.max(1, total.count) : 0;
  };
  const cpuOf = (key: string) => perRequest(key, (total) => total.cpuMicros);
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
  /** The database backends' CPU per request (PostgreSQL runs only). */
  const databaseCpuText = (key: string) =>
    totals.get(key)?.databaseCpuMicros
      ? `${perRequest(key, (total) => total.databaseCpuMicros).toFixed(0)} µs/req`
      : '—';
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
  const clientCoresText = (key: string) => {
    const share = clientCoresShare(key);
    return share === undefined ? '—' : `${(share * 100).toFixed(0)} %`;
  };
  /** "Per core" (issue 3): the rate of the server on its one core; rate ÷ cores when not pinned. */
  const perCoreOf = (rate: number) => (corePlan.pinned ? rate : rate / cores);
  const perCoreLabel = corePlan.pinned ? 'on 1 server core' : `÷ ${cores} cores`;

  console.log(
    `\n${options.connections} connections, ${options.seconds} s a scenario in ${options.rounds} interleaved slices, Node ${process.version}, ${cores} cores, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`,
  );
  console.log(
    `${describePlan(corePlan)}${corePlan.pinned && !options.clientPinned ? " (pinning the client failed: it may share the server's core)" : ''}\n`,
  );
  const rows = options.rows.filter((row) => totals.has(row.key));
  /** The scenario column: as wide as the longest name shown, so that the columns line up. */
  const nameWidth = Math.max(44, ...rows.map((row) => row.name.length));
  console.log(
    `${'scenario'.padEnd(nameWidth)} ${'rate'.padStart(9)}  ${'ratio (rounds)'.padEnd(34)} ${'server CPU'.padStart(14)} ${'client CPU'.padStart(14)} ${'database CPU'.padStart(14)} ${'others on core'.padStart(14)} ${'client cores'.padStart(12)}  target`,
  );
  let missed = false;
  for (const row of rows) {
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
      const spread = roundsRange(totalOf(row.key).sliceRates.map(perCoreOf), 0);
      ratioText = `${perCore.toFixed(0)}/s${spread} per core`;
      checks.push(`${ok ? 'meets' : 'MISSES'} ≥ ${row.target.perCore}/s per core`);
    }
    const clientCpu = perRequest(row.key, (total) => total.clientCpuMicros);
    console.log(
      `${row.name.padEnd(nameWidth)} ${rate.toFixed(0).padStart(7)}/s  ${ratioText.padEnd(34)} ${cpuOf(row.key).toFixed(0).padStart(7)} µs/req ${clientCpu.toFixed(0).padStart(7)} µs/req ${databaseCpuText(row.key).padStart(14)} ${othersOnCoreText(row.key).padStart(14)} ${clientCoresText(row.key).padStart(12)}  ${checks.join('; ')}`,
    );
  }

  // The refresh rows three ways: per core as the target counts it (the server on its own core),
  // the rate over all the machine's cores (the figure before the server was pinned), and per
  // second of the server's own CPU time (what a core given to it alone would do).
  const refreshRows = rows.filter((row) => row.key.startsWith('refresh'));
  if (refreshRows.length > 0) {
    console.log(
      `\n${'refresh, per core'.padEnd(nameWidth)} ${perCoreLabel.padStart(17)} ${`rate ÷ ${cores} cores`.padStart(16)} ${'per s of server CPU'.padStart(20)} ${'server on its core'.padStart(19)} ${'others on it'.padStart(13)}`,
    );
    for (const row of refreshRows) {
      const total = totalOf(row.key);
      const rate = rateOf(row.key);
      const perCpuSecond = cpuOf(row.key) > 0 ? 1e6 / cpuOf(row.key) : 0;
      // How much of its core the server used, and how much went to other processes scheduled
      // there (the rest was idle: the server waiting for its client or the disk).
      const serverShare = total.cpuMicros / 1e6 / total.seconds;
      console.log(
        `${row.name.padEnd(nameWidth)} ${`${perCoreOf(rate).toFixed(0)}/s`.padStart(17)} ${`${(rate / cores).toFixed(0)}/s`.padStart(16)} ${`${perCpuSecond.toFixed(0)}/s`.padStart(20)} ${`${(serverShare * 100).toFixed(0)} %`.padStart(19)} ${othersOnCoreText(row.key).padStart(13)}`,
      );
    }
  }
  return missed;
}
