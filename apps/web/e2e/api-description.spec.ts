import { expect } from '@playwright/test';
import { artifacts } from './support/app';
import { test } from './support/test';

test('the API description at /swagger renders, with no error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/swagger');
  await expect(page.getByRole('heading', { name: /Viñeta API/ })).toBeVisible();
  // An operation of ABP's contract, opened: what a developer comes for.
  await page.getByText('/api/identity/roles', { exact: true }).first().click();
  await expect(page.getByText('Parameters').first()).toBeVisible();
  await page.screenshot({ path: `${artifacts}/swagger.png`, animations: 'disabled' });
  expect(errors).toEqual([]);
});
