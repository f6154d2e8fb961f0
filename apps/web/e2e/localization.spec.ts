import { expect } from '@playwright/test';
import { artifacts, useLanguage } from './support/app';
import { test } from './support/test';

test.describe('language switch', () => {
  test('switching to ar flips the page to right-to-left and back', async ({ page, context }) => {
    await useLanguage(page, 'es-MX');
    await page.goto('/account/login');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
    await expect(page.locator('#app-stylesheet')).toHaveAttribute('href', /theme-ltr/);

    await page.getByRole('button', { name: /Idioma/ }).click();
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(page.locator('#app-stylesheet')).toHaveAttribute('href', /theme-rtl/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل الدخول');
    const cookie = (await context.cookies()).find((c) => c.name === '.AspNetCore.Culture');
    expect(decodeURIComponent(cookie?.value ?? '')).toBe('c=ar|uic=ar');
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('abpSession') ?? '{}').language),
    ).toBe('ar');
    await page.screenshot({
      path: `${artifacts}/language-switched-ar-1280.png`,
      animations: 'disabled',
    });

    // The choice survives a reload.
    await page.reload();
    await expect(html).toHaveAttribute('dir', 'rtl');

    await page.getByRole('button', { name: /اللغة/ }).click();
    await page.getByRole('button', { name: 'español (México)' }).click();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
  });
});
