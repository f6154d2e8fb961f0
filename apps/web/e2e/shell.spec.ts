import { expect } from '@playwright/test';
import { uniqueName } from './support/account';
import { artifacts, registerUser, signIn, useLanguage } from './support/app';
import { test } from './support/test';

const cultures = [
  {
    culture: 'es-MX',
    dir: 'ltr',
    search: 'Escribe para buscar...',
    copyright: 'Copyright © 2021. Todos los derechos reservados.',
  },
  {
    culture: 'ar',
    dir: 'rtl',
    search: 'اكتب للبحث...',
    copyright: 'حقوق النشر © 2021. جميع الحقوق محفوظة.',
  },
];

test.describe('application shell', () => {
  for (const { culture } of cultures) {
    test(`a 200-character user name keeps the top bar within the screen in ${culture}`, async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, `${uniqueName('largo')}_${'x'.repeat(200)}`);
      await useLanguage(page, culture);
      await signIn(page, request, user);
      await page.goto('/account/manage');
      const userName = page.locator('.app-topbar-user-name');
      await expect(userName).toHaveAttribute('title', user.username);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        if (width < 992) await page.locator('button[aria-controls="app-topmenu"]').click();
        await expect(userName).toBeVisible();
        // Nothing scrolls sideways: the name and the e-mail are cut short with an ellipsis.
        await expect
          .poll(() =>
            page.evaluate(
              () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
            ),
          )
          .toBe(true);
        expect((await userName.boundingBox())?.width ?? 0).toBeLessThanOrEqual(width);
      }
    });
  }

  for (const { culture, dir, search, copyright } of cultures) {
    for (const width of [1280, 375]) {
      test(`sidebar, top bar and footer at ${width} px in ${culture}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await useLanguage(page, culture);
        await page.goto('/admin');
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('combobox')).toHaveAttribute('placeholder', search);
        await expect(page.getByRole('contentinfo')).toHaveText(copyright);

        const sidebar = page.locator('#app-sidebar');
        const toggle = page.locator('button[aria-controls="app-sidebar"]');
        if (width >= 1025) {
          await expect(sidebar).toBeInViewport();
          await expect(page.locator('#app-topmenu')).toBeVisible();
        } else {
          await expect(sidebar).not.toBeInViewport();
          await expect(page.locator('#app-topmenu')).toBeHidden();
          await page.locator('button[aria-controls="app-topmenu"]').click();
          await expect(page.locator('#app-topmenu')).toBeVisible();
          await page.locator('button[aria-controls="app-topmenu"]').click();
          await toggle.click();
          await expect(sidebar).toBeInViewport();
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
          await page.screenshot({
            path: `${artifacts}/application-sidebar-${culture}-${width}.png`,
            animations: 'disabled',
          });
          // The overlay's free side: right in LTR, left in RTL (where the sidebar is on the right).
          await page
            .locator('.app-overlay')
            .click({ position: { x: dir === 'rtl' ? 20 : width - 20, y: 400 } });
          await expect(sidebar).not.toBeInViewport();
        }
        await page.screenshot({
          path: `${artifacts}/application-${culture}-${width}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  }

  test('a window narrowed past 1025 px: the sidebar slides away with no overlay, and comes back when widened', async ({
    page,
  }) => {
    await useLanguage(page, 'es-MX');
    await page.goto('/admin');
    const sidebar = page.locator('#app-sidebar');
    const toggle = page.locator('button[aria-controls="app-sidebar"]');
    await expect(sidebar).toBeInViewport();
    await page.setViewportSize({ width: 800, height: 800 });
    // Read at once, not awaited: the sidebar closes 150 ms after the resize (SPEC.md section 9),
    // and until then it stood over the page as a drawer, with its overlay.
    expect(await page.locator('.app-overlay').count()).toBe(0);
    await expect(sidebar).not.toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sidebar).toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('signed in: the e-mail, the user menu and Logout; the sidebar closes on navigation below 1025 px', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await useLanguage(page, 'es-MX');
    await signIn(page, request);
    await page.goto('/home');
    await page.locator('button[aria-controls="app-topmenu"]').click();
    await expect(page.locator('#app-topmenu')).toContainText('admin@');
    await page.locator('button[aria-controls="app-topmenu"]').click();
    await page.locator('button[aria-controls="app-sidebar"]').click();
    await page
      .locator('#app-sidebar')
      .getByRole('link', { name: 'Administración' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.locator('#app-sidebar')).not.toBeInViewport();
    await page.screenshot({
      path: `${artifacts}/application-signed-in-es-MX-375.png`,
      fullPage: true,
      animations: 'disabled',
    });
  });

  test('the top bar’s search opens a page of the menu the user sees', async ({ page, request }) => {
    await useLanguage(page, 'es-MX');
    await signIn(page, request);
    await page.goto('/home');
    const search = page.getByRole('combobox', { name: 'Buscar' });
    // "/" anywhere outside a field puts the cursor in the box.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await page.keyboard.type('usu');
    const users = page.getByRole('option', { name: /^Usuarios/ });
    await expect(users).toContainText('Administración / Administración de identidades');
    await expect(users).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: `${artifacts}/menu-search-es-MX.png`, animations: 'disabled' });
    await search.press('Enter');
    await expect(page).toHaveURL(/\/identity\/users$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuarios');
    await expect(search).toHaveValue('');

    // A user without the identity permissions finds no such page.
    const user = await registerUser(request, uniqueName('busca'));
    await signIn(page, request, user);
    await page.goto('/home');
    await search.fill('usu');
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'usu' })).toHaveText(
      'Ninguna página coincide con “usu”.',
    );
  });
});
