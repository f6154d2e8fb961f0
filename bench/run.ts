import { fork } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';

/**
 * `npm run bench`: starts the built server in a child process and measures each endpoint against
 * the bare route of the same run, printing requests per second and the ratio to the baseline.
 */
interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** The lowest acceptable ratio to the bare route, from the issue that set it. */
  target?: number;
}

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function startServer(): Promise<{ address: string; close(): void }> {
  const child = fork(join(import.meta.dirname, 'bench-server.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { address } = await new Promise<{ address: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { address: string }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { address, close: () => child.send('close') };
}

/** What a browser sends with every call; the server compresses large answers for it. */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };

async function measure(address: string, scenario: Scenario): Promise<number> {
  const result = await autocannon({
    url: `${address}${scenario.path}`,
    headers: { ...browserHeaders, ...scenario.headers },
    connections,
    duration: durationSeconds,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${scenario.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

const server = await startServer();
try {
  const scenarios: Scenario[] = [
    { name: 'bare Fastify route (baseline)', path: '/bench/bare' },
    {
      name: 'application configuration, anonymous',
      path: '/api/abp/application-configuration',
      headers: { 'accept-language': 'es-MX' },
      target: 0.5,
    },
  ];
  // Warm-up: JIT and caches, not measured.
  await autocannon({
    url: `${server.address}/api/abp/application-configuration`,
    duration: 2,
    connections,
  });
  const rows: string[] = [];
  let baseline = 0;
  let failed = false;
  for (const scenario of scenarios) {
    const rate = await measure(server.address, scenario);
    if (!baseline) baseline = rate;
    const ratio = rate / baseline;
    const verdict =
      scenario.target === undefined
        ? ''
        : ratio >= scenario.target
          ? `≥ ${scenario.target} ok`
          : `< ${scenario.target} BELOW TARGET`;
    if (scenario.target !== undefined && ratio < scenario.target) failed = true;
    rows.push(
      `${scenario.name.padEnd(44)} ${rate.toFixed(0).padStart(8)} req/s  ${ratio.toFixed(2).padStart(5)} × baseline  ${verdict}`,
    );
  }
  console.log(`\n${connections} connections, ${durationSeconds} s each, on ${process.version}\n`);
  console.log(rows.join('\n'));
  process.exitCode = failed ? 1 : 0;
} finally {
  server.close();
}
