import { expect } from '@playwright/test';
import { useLanguage } from './support/app';
import { test } from './support/test';

test('the loading bar shows for a slow request and finishes at 100 %', async ({ page }) => {
  await useLanguage(page, 'es-MX');
  await page.goto('/account/login');
  const bar = page.locator('.app-loader-bar-progress');
  await expect(bar).toHaveAttribute('aria-valuenow', '0');

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
        Number(target.getAttribute('aria-valuenow')),
      );
    }).observe(target, { attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  await page.getByRole('button', { name: /Idioma/ }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect
    .poll(() => values.some((value) => value > 0 && value < 100), { timeout: 5000 })
    .toBe(true);
  await expect.poll(() => values.includes(100), { timeout: 10_000 }).toBe(true);
  await expect(bar).toHaveAttribute('aria-valuenow', '0', { timeout: 5000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
});
