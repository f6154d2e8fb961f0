import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { artifacts, signIn, useLanguage } from './support/app';
import { test } from './support/test';

/** `useLanguage` is no React hook; the alias keeps the hook rule quiet in plain helpers. */
const chooseLanguage = useLanguage;

async function openUsers(page: Page, request: APIRequestContext) {
  await chooseLanguage(page, 'es-MX');
  await signIn(page, request);
  await page.goto('/identity/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menú', exact: true });
const focusedIn = (page: Page, selector: string) =>
  page.evaluate((inside) => document.activeElement?.closest(inside) !== null, selector);

test.describe('the shell from the keyboard, at 200 % zoom', () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test('Tab goes from the skip link to the top bar: the closed sidebar is out of reach', async ({
    page,
    request,
  }) => {
    await openUsers(page, request);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menuButton(page)).toBeFocused();
  });
});

test.describe('the shell from the keyboard', () => {
  test('collapsed on a wide screen, the sidebar leaves the Tab order and the landmarks', async ({
    page,
    request,
  }) => {
    await openUsers(page, request);
    const sidebar = page.getByRole('complementary', { name: 'Menú' });
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedIn(page, '#app-sidebar')).toBe(true);

    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
  });

  test('on a narrow screen the open sidebar is a drawer that holds the focus', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await openUsers(page, request);
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('complementary', { name: 'Menú' });
    await expect(drawer.getByRole('link').first()).toBeFocused();
    // The page under the backdrop is out of reach: Tab goes round the drawer and its Close.
    for (let stop = 0; stop < 12; stop++) {
      await page.keyboard.press('Tab');
      expect(await focusedIn(page, '.app-main')).toBe(false);
    }
    await page.screenshot({ path: `${artifacts}/sidebar-drawer-800.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(drawer.getByRole('link').first()).toBeFocused();
    await page.locator('.app-overlay').click({ position: { x: 700, y: 300 } });
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toBeFocused();

    // Its own Close button, at the top of the drawer, is the visible way out.
    await page.keyboard.press('Enter');
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toBeFocused();
  });
});

test.describe('page titles and the focus after a navigation', () => {
  test('each page names the tab, in the current language', async ({ page, request }) => {
    await chooseLanguage(page, 'es-MX');
    await page.goto('/account/login');
    await expect(page).toHaveTitle('Iniciar sesión – Viñeta');
    await page.goto('/account/register');
    await expect(page).toHaveTitle('Registrarse – Viñeta');
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('¡No se encontró el recurso! – Viñeta');

    await signIn(page, request);
    for (const [path, title] of [
      ['/account/manage', 'Mi cuenta'],
      ['/identity/users', 'Usuarios'],
      ['/identity/roles', 'Roles'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} – Viñeta`);
    }
  });

  test('following a menu link focuses the new page’s heading; a new query does not', async ({
    page,
    request,
  }) => {
    await openUsers(page, request);
    // The first load leaves the focus where the browser starts it.
    await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
    const roles = page.getByRole('complementary').getByRole('link', { name: 'Roles' });
    await roles.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeFocused();
    await expect(page).toHaveTitle('Roles – Viñeta');

    await page.getByRole('complementary').getByRole('link', { name: 'Usuarios' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeFocused();
    const searchBox = page.getByRole('main').getByRole('searchbox');
    await searchBox.fill('admin');
    await expect(page).toHaveURL(/admin/);
    await expect(searchBox).toBeFocused();
  });
});
