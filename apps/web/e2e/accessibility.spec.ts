import { expect } from '@playwright/test';
import { expectNoAxeViolations } from './support/account';
import { artifacts, useLanguage } from './support/app';
import { test } from './support/test';

const pages = [
  { layout: 'account', path: '/account/login' },
  { layout: 'application', path: '/admin' },
  { layout: 'error page', path: '/no/such/page' },
];

test.describe('accessibility (axe-core)', () => {
  for (const culture of ['es-MX', 'ar']) {
    for (const { layout, path } of pages) {
      test(`the ${layout} layout has no violations in ${culture}`, async ({ page }) => {
        await useLanguage(page, culture);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        if (layout === 'account') {
          for (const width of [1280, 375]) {
            await page.setViewportSize({ width, height: 800 });
            await page.screenshot({
              path: `${artifacts}/account-${culture}-${width}.png`,
              fullPage: true,
              animations: 'disabled',
            });
          }
        }
      });
    }
  }

  test('the Switch Tenant modal has no violations', async ({ page }) => {
    await useLanguage(page, 'es-MX');
    await page.goto('/account/login');
    await page.locator('.app-tenant-box').getByRole('button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
