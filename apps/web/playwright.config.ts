import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { appPort, slotPorts, workerSlots } from './e2e/support/ports';

/**
 * `E2E_BASE_URL` points the specs at an app already running (e.g. `vite preview` proxying to a dev
 * server); they then share it, one worker at a time.
 */
const external = process.env.E2E_BASE_URL;
const appUrl = external ?? `http://localhost:${appPort}`;
/**
 * Each server's DATA_DIR is `<root>/<port>`. The root is made once by the runner and handed to the
 * workers (which load this file again) through the environment, so a spec can reach a server's
 * SQLite database for what no API can arrange (e2e/support/server-database.ts).
 */
process.env.E2E_DATA_ROOT ??= mkdtempSync(join(tmpdir(), 'vineta-e2e-'));
const dataRoot = process.env.E2E_DATA_ROOT;

/**
 * ABP's configuration setting provider reads `Settings__Abp.X.Y` variables. Their names hold dots,
 * which the shell Playwright starts the server with drops from the environment, so they go on the
 * command line through `env`.
 */
function serverCommand(settings: Record<string, string>): string {
  const assignments = Object.entries(settings).map(
    ([name, value]) => `'Settings__${name}=${value}'`,
  );
  return ['env', ...assignments, 'node ../server/dist/main.js'].join(' ');
}

/** A server on a fresh data directory, with the seed admin and generous rate limits. */
function server(
  listenOn: number,
  smtpPort: number,
  settings: Record<string, string> = {},
  environment: Record<string, string> = {},
) {
  const url = `http://localhost:${listenOn}`;
  return {
    command: serverCommand({
      // Reset e-mails go to the account specs' in-process SMTP server of the same slot.
      'Abp.Mailing.Smtp.Host': '127.0.0.1',
      'Abp.Mailing.Smtp.Port': String(smtpPort),
      'Abp.Mailing.Smtp.UseDefaultCredentials': 'true',
      'Abp.Mailing.Smtp.EnableSsl': 'false',
      ...settings,
    }),
    url: `${url}/api/abp/application-configuration`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(listenOn),
      APP_URL: url,
      DATA_DIR: join(dataRoot, String(listenOn)),
      ADMIN_PASSWORD: '1q2w3E*',
      LOG_LEVEL: 'warn',
      // The specs register many users and sign in often from one address.
      RATE_LIMIT_ACCOUNT_PER_IP: '1000',
      RATE_LIMIT_TOKEN_PER_IP: '2000',
      RATE_LIMIT_TOKEN_PER_USER_NAME: '200',
      ...environment,
    },
  };
}

/** The three servers of one worker slot (e2e/support/ports.ts). */
function slotServers(slot: number) {
  const ports = slotPorts(slot);
  return [
    server(ports.app, ports.smtp),
    server(ports.lockedDown, ports.smtp, {
      'Abp.Account.IsSelfRegistrationEnabled': 'false',
      'Abp.Account.EnableLocalLogin': 'false',
    }),
    // Started from apps/web: the code-flow build beside the default one.
    server(ports.codeFlow, ports.smtp, {}, { WEB_ROOT: 'dist-code-flow' }),
  ];
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.artifacts/results',
  fullyParallel: false,
  workers: external ? 1 : workerSlots,
  retries: 0,
  timeout: 30_000,
  // Two workers share two cores with six servers: a sign-in chain (two argon2 hashes, the
  // auth chunk, discovery, token, configuration, the next page's chunks) took 4.6 s on a busy
  // run, against the default 5 s for an assertion to come true.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: appUrl,
    locale: 'es-MX',
    // A click that cannot happen (its control under a dialog, a menu that closed) fails at its
    // own line, saying what was in the way; without a limit it waited for the test's timeout,
    // whose message names no step.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // A failed test's trace keeps its steps, network and console, and outside CI the page's DOM
    // at every step; never the screencast. Recording the screencast through every test took a
    // third of the suite's CPU on a two-core host, the DOM snapshots a tenth (docs/benchmarks.md,
    // session 50). A failure also leaves a screenshot of its end and the page's accessibility tree.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: !process.env.CI },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: external
    ? undefined
    : Array.from({ length: workerSlots }, (_, slot) => slotServers(slot)).flat(),
});
