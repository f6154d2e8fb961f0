import { defineConfig } from 'vitest/config';

// One runner, three projects (`--project server` runs one). The custom condition makes every
// workspace import @vineta/contracts from its TypeScript source.
const resolve = { conditions: ['@vineta/source'] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] },
      },
      {
        resolve,
        ssr: { resolve: { conditions: ['@vineta/source'], externalConditions: ['@vineta/source'] } },
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
        },
      },
    ],
  },
});
