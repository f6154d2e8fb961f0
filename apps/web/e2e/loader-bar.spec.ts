import { expect } from '@playwright/test';
import { artifacts, useLanguage } from './support/app';
import { test } from './support/test';

test('the loading bar shows for a slow request and finishes at 100 %', async ({ page }) => {
  await useLanguage(page, 'es-MX');
  await page.goto('/account/login');
  const bar = page.locator('.app-loader-bar-progress');
  await expect(bar).toHaveAttribute('data-progress', '0');

  // A real slow network (Chromium's throttling), not a mocked response.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 1500,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const values: number[] = [];
  await page.exposeFunction('recordProgress', (value: number) => values.push(value));
  await page.evaluate(() => {
    const target = document.querySelector('.app-loader-bar-progress');
    if (!target) return;
    new MutationObserver(() => {
      (window as unknown as { recordProgress(v: number): void }).recordProgress(
        Number(target.getAttribute('data-progress')),
      );
    }).observe(target, { attributes: true, attributeFilter: ['data-progress'] });
  });
  await page.getByRole('button', { name: /Idioma/ }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect
    .poll(() => values.some((value) => value > 0 && value < 100), { timeout: 5000 })
    .toBe(true);
  await expect.poll(() => values.includes(100), { timeout: 10_000 }).toBe(true);
  await expect(bar).toHaveAttribute('data-progress', '0', { timeout: 5000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
});

test.describe('a first visit from an Arabic browser', () => {
  test.use({ locale: 'ar' });

  test('shows a start-up indicator in Arabic, right to left, until the app replaces it', async ({
    page,
  }) => {
    // A real slow network, so that the page waits for its scripts and configuration.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const latency = (ms: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: ms,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    await latency(1500);
    await page.goto('/account/login', { waitUntil: 'commit' });
    const indicator = page.getByRole('status').filter({ hasText: 'جارٍ التحميل...' });
    await expect(indicator).toBeVisible();
    // It fades in after a moment, so a quick start shows nothing; this one is slow.
    await expect(indicator).toHaveCSS('opacity', '1');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.screenshot({ path: `${artifacts}/start-up-indicator-ar.png` });

    await latency(0);
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
    await expect(indicator).toHaveCount(0);
    // Nothing stored yet: the app took the page's language, and its stylesheet is the RTL one.
    await expect(page.locator('#app-stylesheet')).toHaveAttribute('href', /rtl/);
  });
});
