import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = 3100;
/** `E2E_BASE_URL` points the specs at an app already running (e.g. `vite preview` proxying to a dev server). */
const external = process.env.E2E_BASE_URL;
const appUrl = external ?? `http://localhost:${port}`;

/**
 * End-to-end tests against the real built server (which serves the built SPA) on a fresh data
 * directory, in Debian's Chromium: never a downloaded browser.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: appUrl,
    locale: 'es-MX',
    trace: 'retain-on-failure',
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
    : {
        command: 'node ../server/dist/main.js',
        url: `${appUrl}/api/abp/application-configuration`,
        reuseExistingServer: !process.env.CI,
        timeout: 60_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          APP_URL: appUrl,
          DATA_DIR: mkdtempSync(join(tmpdir(), 'vineta-e2e-')),
          ADMIN_PASSWORD: '1q2w3E*',
          LOG_LEVEL: 'warn',
        },
      },
});
