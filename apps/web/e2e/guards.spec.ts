import { expect } from '@playwright/test';
import { signIn, useLanguage } from './support/app';
import { test } from './support/test';

test.describe('route guards', () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'es-MX');
  });

  for (const path of [
    '/',
    '/home',
    '/home/success',
    '/identity/roles',
    '/tenant-management/tenants',
    '/setting-management',
    '/account/manage',
  ]) {
    test(`${path} sends an anonymous visitor to the sign-in page with the return URL`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page).toHaveURL(
        (url) => url.pathname === '/account/login' && url.searchParams.get('returnUrl') === path,
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
    });
  }

  test('/account goes to /account/login, with nothing in the console', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(messages).toEqual([]);
  });

  test('reset-password hides the tenant box; login shows it', async ({ page }) => {
    // Without both parameters of the e-mailed link the page goes to sign-in.
    await page.goto(
      '/account/reset-password?userId=3a1b6f9e-0000-4000-8000-000000000001&resetToken=e2e',
    );
    await expect(page).toHaveURL(/\/account\/reset-password/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.app-tenant-box')).toHaveCount(0);
    await page.goto('/account/login');
    await expect(page.locator('.app-tenant-box')).toBeVisible();
  });

  // Between application pages: the sign-in form focuses its first field, which scrolls it into view.
  test('every navigation starts at the top of the page', async ({ page, request }) => {
    await signIn(page, request);
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administración');
    // Scrolls again on each try: the layout's own reset can still land after the first render.
    await expect
      .poll(() =>
        page.evaluate(() => {
          document.body.style.minHeight = '3000px';
          window.scrollTo({ top: 1000, behavior: 'instant' });
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(500);
    await page.locator('#app-sidebar').getByRole('link', { name: 'Inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
