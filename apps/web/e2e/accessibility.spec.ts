import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/account';
import { artifacts, signIn, useLanguage } from './support/app';
import { test } from './support/test';

const pages = [
  { layout: 'account', path: '/account/login' },
  { layout: 'application', path: '/admin' },
  { layout: 'error page', path: '/no/such/page' },
];

/** `useLanguage` is no React hook; the alias keeps the hook rule quiet in plain helpers. */
const chooseLanguage = useLanguage;

/** The users list in es-MX as the signed-in admin, its rows shown. */
async function openUsers(page: Page, request: APIRequestContext) {
  await chooseLanguage(page, 'es-MX');
  await signIn(page, request);
  await page.goto('/identity/users');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(0);
}

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

  for (const { path, signedIn } of [
    { path: '/identity/users', signedIn: true },
    { path: '/account/login', signedIn: false },
  ]) {
    test(`every control Tab reaches on ${path} shows that it has the focus`, async ({
      page,
      request,
    }) => {
      await useLanguage(page, 'es-MX');
      if (signedIn) await signIn(page, request);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (signedIn) await expect(page.getByRole('row')).not.toHaveCount(0);
      const unmarked: string[] = [];
      const seen = new Set<string>();
      for (let step = 0; step < 80; step++) {
        await page.keyboard.press('Tab');
        // A focus ring is an outline or a box shadow (Bootstrap's); read while focus is visible.
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return undefined;
          const style = getComputedStyle(element);
          const outlined =
            style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
          const name =
            element.getAttribute('aria-label') ||
            element.textContent?.trim().slice(0, 40) ||
            element.getAttribute('placeholder') ||
            element.tagName;
          const key = `${element.tagName}|${name}|${Math.round(element.getBoundingClientRect().y)}`;
          return { key, name, marked: outlined || style.boxShadow !== 'none' };
        });
        if (!focused) continue;
        if (seen.has(focused.key)) break;
        seen.add(focused.key);
        if (!focused.marked) unmarked.push(focused.name);
      }
      expect(seen.size).toBeGreaterThan(signedIn ? 10 : 4);
      expect(unmarked).toEqual([]);
    });
  }

  test('a menu opens from the keyboard at its first item, and closes when Tab leaves it', async ({
    page,
    request,
  }) => {
    await openUsers(page, request);
    const toggle = page.getByRole('button', { name: /^Acciones: / }).first();
    await toggle.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.locator('.dropdown-menu.show');
    await expect(menu.locator('.dropdown-item').first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.locator('.dropdown-item').last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the first Tab offers a way past the menus to the page, and Escape closes the narrow sidebar', async ({
    page,
    request,
  }) => {
    await openUsers(page, request);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.screenshot({ path: `${artifacts}/skip-link.png`, animations: 'disabled' });
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    // The next Tab is in the page: the first control after the heading, not the menu.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);

    await page.setViewportSize({ width: 800, height: 800 });
    const menuButton = page.getByRole('button', { name: 'Menú' });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('complementary').getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
  });
});
