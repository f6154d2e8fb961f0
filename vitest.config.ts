import { defineConfig } from 'vitest/config';

// One runner, four projects (`--project server` runs one). The custom condition makes every
// workspace import @vineta/contracts from its TypeScript source.
const resolve = { conditions: ['@vineta/source'] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] },
      },
      // The bench's own helpers (bench/*.test.ts); the benchmarks themselves run with `npm run bench`.
      { test: { name: 'bench', root: 'bench', include: ['*.test.ts'], environment: 'node' } },
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
              ],
            },
          },
        },
      },
    ],
  },
});
