import { test as base, expect } from '@playwright/test';

/**
 * Playwright's `test`, failing any test whose page threw an exception nobody caught: such an error
 * leaves no trace a spec's assertions would see (a handler that broke after the screen rendered,
 * say), and a person using the app would meet it as a screen that stopped responding.
 */
export const test = base.extend<{ uncaughtPageErrors: undefined }>({
  uncaughtPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
      await use(undefined);
      expect(errors, 'errors the page threw and nothing caught').toEqual([]);
    },
    { auto: true },
  ],
});
