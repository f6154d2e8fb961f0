import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runFromSources } from '../../test/node-from-sources.js';
import { migrations } from './migrations.js';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the CLI from its sources (tsx, the contracts' sources) and says how it ended. */
function runCli(direction: 'up' | 'down', directory: string) {
  const cli = join(import.meta.dirname, 'migrate-cli.ts');
  // An environment of its own: the embedded default, SQLite in DATA_DIR, whatever the shell has.
  const child = spawn(process.execPath, runFromSources(cli, direction), {
    env: { DATA_DIR: directory },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    // Well beyond what a migration run takes: a process still there then would never leave.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('npm run db:migrate', () => {
  it('migrates a new SQLite database and exits on its own', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vineta-migrate-cli-'));
    const up = await runCli('up', dataDir);
    expect(up.code, up.output).toBe(0);
    for (const name of Object.keys(migrations)) expect(up.output).toContain(name);
    const again = await runCli('up', dataDir);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('Nothing to migrate.');
  }, 70_000);
});
