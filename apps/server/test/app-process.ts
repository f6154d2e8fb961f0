import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { DatabaseTarget } from '../src/config.js';
import type { OutboxWorkerOptions } from '../src/platform/mail/outbox-worker.js';
import { runFromSources } from './node-from-sources.js';

/** What the child (app-process.main.ts) builds its application from. */
export interface AppProcessSpec {
  /** The variables `loadConfig` reads, as main.ts's process would have them. */
  env: Record<string, string>;
  database: DatabaseTarget;
  mailOutbox?: OutboxWorkerOptions;
}

/** The application in a process of its own, which a test can kill as a crash would. */
export interface AppProcess {
  /** Where it listens, e.g. `http://127.0.0.1:40123`. */
  address: string;
  /** SIGKILL: no close hook, no flush, nothing settled; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful close main.ts does too. */
  close(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Starts the application from its sources (tsx) and waits until it listens. */
export async function startAppProcess(spec: AppProcessSpec): Promise<AppProcess> {
  const main = join(import.meta.dirname, 'app-process.main.ts');
  const child = spawn(process.execPath, runFromSources(main, JSON.stringify(spec)), {
    env: {},
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { address: string }).address));
    child.once('exit', (code, signal) =>
      reject(new Error(`the app process ended (${code ?? signal}) before listening:\n${stderr}`)),
    );
  });
  return {
    address,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async close() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
