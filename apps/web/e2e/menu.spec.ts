import { expect } from '@playwright/test';
import { registerUser, signIn, useLanguage } from './support/app';
import { test } from './support/test';

test.describe('menus and breadcrumb', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await useLanguage(page, 'es-MX');
  });

  test('anonymous: Home and Administración, no administration entries', async ({ page }) => {
    await page.goto('/admin');
    const menu = page.locator('#app-sidebar nav');
    await expect(menu.getByRole('link')).toHaveText(['Inicio', 'Administración']);
    await expect(menu).not.toContainText('Roles');
    await page.getByRole('main').getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/account\/login/);
  });

  test('the admin area leads to every administration page the user may open', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/admin');
    const identity = page.getByRole('region', { name: 'Administración de identidades' });
    await expect(identity.getByRole('link')).toHaveText([
      'Roles',
      'Usuarios',
      'Registros de seguridad',
    ]);
    await identity.getByRole('link', { name: 'Usuarios' }).click();
    await expect(page).toHaveURL(/\/identity\/users$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuarios');
  });

  test('breadcrumb: a home icon and the page', async ({ page }) => {
    await page.goto('/admin');
    const crumbs = page
      .getByRole('navigation', { name: 'Ruta de navegación' })
      .getByRole('listitem');
    await expect(crumbs).toHaveCount(2);
    await expect(crumbs.first().getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(crumbs.last()).toHaveText('Administración');
  });

  test('an administrator sees every administration entry; the breadcrumb skips Administration', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/identity/roles');
    const menu = page.locator('#app-sidebar nav');
    for (const name of [
      'Inicio',
      'Administración',
      'Roles',
      'Usuarios',
      'Inquilinos',
      'Configuración',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true }).first()).toBeVisible();
    }
    const crumbs = page
      .getByRole('navigation', { name: 'Ruta de navegación' })
      .getByRole('listitem');
    await expect(crumbs).toHaveCount(3);
    await expect(crumbs.nth(2)).toHaveText('Roles');
    // Administration is skipped: the crumb before Roles is its group, not the Administration node.
    await expect(crumbs.nth(1)).toHaveText('Administración de identidades');
    await expect(crumbs.nth(1)).not.toHaveText(/^\s*Administración\s*$/);
  });

  test('a user without policies sees no administration entry', async ({ page, request }) => {
    const user = await registerUser(request, `menu${Date.now()}`);
    await signIn(page, request, user);
    await page.goto('/home');
    const menu = page.locator('#app-sidebar nav');
    await expect(menu.getByRole('link')).toHaveText(['Inicio', 'Administración']);
  });
});
