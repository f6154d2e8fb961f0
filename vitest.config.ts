import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, four projects (`--project server` runs one). The custom condition makes every
// workspace import @vineta/contracts from its TypeScript source.
const resolve = { conditions: ['@vineta/source'] };
/**
 * The files of a worker share one module graph (and, for the web, one jsdom window) instead of
 * importing everything again per file: the server's 73 files spent 60 of their 130 s importing
 * Fastify and oidc-provider, the web's 57 files 70 of 137 s setting up jsdom. The server builds
 * a new app per test and keeps no module state; the web's setup file resets what a page would
 * start without (src/test/setup.ts). docs/decisions/012-test-runs-share-workers.md has the figures.
 */
const isolate = false;

export default defineConfig({
  test: {
    // Vitest's default leaves a core to the main process, which only collects results: on CI's
    // two cores that was one worker for the whole run.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve,
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          isolate,
        },
      },
      // The bench's own helpers (bench/*.test.ts); the benchmarks themselves run with `npm run bench`.
      {
        test: {
          name: 'bench',
          root: 'bench',
          include: ['*.test.ts'],
          environment: 'node',
          isolate,
        },
      },
      {
        resolve,
        ssr: {
          resolve: { conditions: ['@vineta/source'], externalConditions: ['@vineta/source'] },
        },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          isolate,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate,
          setupFiles: ['./src/test/setup.ts'],
          // The app runs on preact/compat (apps/web/vite.config.ts aliases React to it). Node would
          // load the real React for any dependency it imports itself, so everything that imports
          // `react` or `react-dom` goes through Vite, which applies the aliases. Testing Library's
          // package main is CommonJS, whose `require('react')` Vite cannot alias: its ES build
          // (the package's `module` field, which Vitest's Node-style resolution skips) is used.
          alias: [
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
          server: {
            deps: {
              inline: [
                /[\\/]node_modules[\\/]@testing-library[\\/]react[\\/]/,
                /[\\/]node_modules[\\/]react-router[\\/]/,
                /[\\/]node_modules[\\/]react-i18next[\\/]/,
                /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/,
                /[\\/]node_modules[\\/]react-hook-form[\\/]/,
                /[\\/]node_modules[\\/]@hookform[\\/]resolvers[\\/]/,
                /[\\/]node_modules[\\/]react-day-picker[\\/]/,
              ],
            },
          },
        },
      },
    ],
  },
});
