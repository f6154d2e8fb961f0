import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type CorePlan, serverCommand } from './cpu-affinity.js';

/** A bench server in its child process, as it announced itself once listening. */
export interface BenchServer {
  child: ChildProcess;
  address: string;
  /** Seconds spent seeding the users template (0 when it came from the cache). */
  seededSeconds: number;
  /** The fresh PostgreSQL database the server runs on, if any. */
  postgresDatabase?: string;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts a server script of this folder (bench-server.ts, oidc-provider-floor.ts) under tsx, on
 * the plan's server core (cpu-affinity.ts), and waits until it has said where it listens.
 * `nodeFlags` go to that node alone (`--trace-gc`: NODE_OPTIONS refuses some).
 */
export async function startBenchServer(
  plan: CorePlan,
  file = 'bench-server.ts',
  { env = {}, nodeFlags = [] }: { env?: Record<string, string>; nodeFlags?: string[] } = {},
): Promise<BenchServer> {
  const [command, args] = serverCommand(plan, [
    ...nodeFlags,
    '--import',
    'tsx',
    join(import.meta.dirname, file),
  ]);
  const child = spawn(command, args, {
    env: { ...process.env, ...env, BENCH_PORT: String(await freePort()) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const announced = await new Promise<Omit<BenchServer, 'child'>>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Omit<BenchServer, 'child'>));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ...announced, child, seededSeconds: announced.seededSeconds ?? 0 };
}

/** Sends a command to a bench server and waits for its answer. */
export function ask<T>(child: ChildProcess, message: Record<string, unknown>): Promise<T> {
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

/** Asks a bench server to close and waits until its process has exited. */
export async function closeBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ command: 'close' });
  await exited;
}
