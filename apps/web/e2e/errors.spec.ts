import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectNoAxeViolations, text } from './support/account';
import {
  admin,
  artifacts,
  registerUser,
  requestToken,
  revokeToken,
  signIn,
  storedUser,
  useLanguage,
} from './support/app';
import { serverDatabaseFile } from './support/server-database';
import { test } from './support/test';

test.describe('error screens', () => {
  for (const culture of ['es-MX', 'ar']) {
    for (const width of [1280, 375]) {
      test(`an unknown route shows the 404 page at ${width} px in ${culture}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await useLanguage(page, culture);
        await page.goto('/no/such/page');
        const screen = page.getByRole('dialog');
        await expect(screen).toContainText('404');
        await expect(screen.getByRole('heading')).toHaveText(
          culture === 'ar' ? /.+/ : '¡No se encontró el recurso!',
        );
        await page.screenshot({
          path: `${artifacts}/error-404-${culture}-${width}.png`,
          animations: 'disabled',
        });
      });
    }
  }

  test('the Home link of the 404 page leaves it', async ({ page }) => {
    await useLanguage(page, 'es-MX');
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Inicio' }).click();
    await expect(page).toHaveURL(/\/account\/login/);
  });

  test('a missing policy shows the 403 page', async ({ page, request }) => {
    await useLanguage(page, 'es-MX');
    const user = await registerUser(request, `nopolicy${Date.now()}`);
    await signIn(page, request, user);
    await page.goto('/identity/users');
    await expect(page.getByRole('dialog')).toContainText('403');
    await page.screenshot({
      path: `${artifacts}/error-403-es-MX-1280.png`,
      animations: 'disabled',
    });
  });

  // SPEC.md section 8: a 401 to an operation of a signed-in user is the dialog, then sign-in.
  test('a token the API refuses: the 401 dialog, then the sign-in page', async ({
    page,
    request,
  }) => {
    await useLanguage(page, 'es-MX');
    const token = await signIn(page, request);
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toBeVisible();
    await revokeToken(request, token.access_token, 'access_token');
    // The language switch reloads the configuration with the token, which the server refuses.
    await page.getByRole('button', { name: /Idioma/ }).click();
    await page.getByRole('button', { name: 'English' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('You are not authenticated!');
    await expect(dialog).toContainText(
      'You should be authenticated (sign in) in order to perform this operation.',
    );
    expect(await storedUser(page)).toBeNull();
    await page.screenshot({ path: `${artifacts}/error-401-dialog-es-MX-1280.png` });
    await dialog.getByRole('button').click();
    await expect(page).toHaveURL(/\/account\/login\?returnUrl=%2Fhome$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  // SPEC.md section 4: a refresh error clears the tokens and goes to sign-in; no dialog.
  test('a refresh that fails: the tokens are cleared and the sign-in page opens', async ({
    page,
    request,
  }) => {
    await useLanguage(page, 'es-MX');
    const other = await requestToken(request, admin);
    if (!other.refresh_token) throw new Error('the password grant gave no refresh token');
    await revokeToken(request, other.refresh_token, 'refresh_token');
    // A working access token due for refresh in 5 s, with a refresh token the server revoked.
    await signIn(page, request, admin, { expiresIn: 65, refreshToken: other.refresh_token });
    const refresh = page.waitForResponse(
      (response) =>
        response.url().endsWith('/connect/token') &&
        (response.request().postData() ?? '').includes('grant_type=refresh_token'),
      { timeout: 20_000 },
    );
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toBeVisible();
    expect((await refresh).status()).toBe(400);
    await expect(page).toHaveURL(/\/account\/login\?returnUrl=%2Fhome$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();
  });

  test('a refresh the server cannot serve for a moment: the session goes on, tried again', async ({
    page,
    request,
  }) => {
    const file = serverDatabaseFile();
    test.skip(!file, "the server's database is out of reach");
    test.setTimeout(60_000);
    await useLanguage(page, 'es-MX');
    // Due for refresh in 15 s. Once the page is up, another process takes SQLite's write lock:
    // the refresh then waits for it (5 s, on a timer) and answers 503.
    await signIn(page, request, admin, { expiresIn: 75 });
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (
        response.url().endsWith('/connect/token') &&
        (response.request().postData() ?? '').includes('grant_type=refresh_token')
      )
        refreshes.push(response.status());
    });
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toBeVisible();
    const other = new Database(file as string);
    try {
      other.exec('begin immediate');
      await expect.poll(() => refreshes, { timeout: 30_000 }).toEqual([503]);
    } finally {
      other.exec('rollback');
      other.close();
    }
    // Tried again 5 s later, with the same refresh token, which the refused attempt left valid.
    await expect.poll(() => refreshes, { timeout: 20_000 }).toEqual([503, 200]);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toBeVisible();
    expect(await storedUser(page)).not.toBeNull();
  });

  test('a stored token revoked before the visit: the sign-in page, without a dialog', async ({
    page,
    request,
  }) => {
    await useLanguage(page, 'es-MX');
    const token = await signIn(page, request);
    await revokeToken(request, token.access_token, 'access_token');
    await page.goto('/home');
    await expect(page).toHaveURL(/\/account\/login\?returnUrl=%2Fhome$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();
  });
  // SPEC.md section 8: a 500 without an error body is the full-screen page. Our server always
  // answers faults in ABP's error format (a dialog); a bare 500 is what a gateway in front of it
  // sends when the server behind is gone, which is what the route below plays.
  test('a 500 from a gateway shows the full-screen 500 page, and Escape closes it', async ({
    page,
    request,
  }) => {
    await useLanguage(page, 'es-MX');
    await signIn(page, request);
    await page.route('**/api/identity/roles?**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await page.goto('/identity/roles');
    const screen = page.getByRole('dialog');
    await expect(screen).toContainText('500');
    await expect(screen.getByRole('heading')).toHaveText('Error interno del servidor');
    await expect(screen).toContainText('El servidor no envió el detalle del error.');
    await page.screenshot({
      path: `${artifacts}/error-500-es-MX-1280.png`,
      animations: 'disabled',
    });
    await page.keyboard.press('Escape');
    await expect(screen).toHaveCount(0);
    // The table says its rows did not come, rather than that there are none; once the server
    // answers again, Try again brings them.
    const table = page.getByRole('main').getByRole('table');
    await expect(table).toContainText(text('es-MX', 'Vineta::ListNotLoaded'));
    await expect(table).not.toContainText(text('es-MX', 'AbpUi::NoDataAvailableInDatatable'));
    await page.screenshot({ path: `${artifacts}/list-not-loaded-es-MX-1280.png` });
    await expectNoAxeViolations(page);
    await page.unroute('**/api/identity/roles?**');
    await table.getByRole('button', { name: text('es-MX', 'Vineta::TryAgain') }).click();
    await expect(table.getByRole('row').filter({ hasText: 'admin' })).toHaveCount(1);
    await expect(table).toBeFocused();
  });

  test("the users list's role filter says when the roles could not be loaded, and Try again brings them", async ({
    page,
    request,
  }) => {
    await useLanguage(page, 'es-MX');
    await signIn(page, request);
    await page.route('**/api/identity/users/assignable-roles', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await page.goto('/identity/users');
    await expect(page.getByRole('dialog')).toContainText('500');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Everyone is listed all the same; the filter says why it is shut.
    const main = page.getByRole('main');
    await expect(main.getByRole('row').filter({ hasText: 'admin' })).toHaveCount(1);
    const filter = main.getByRole('combobox', { name: text('es-MX', 'Vineta::Role') });
    await expect(filter).toBeDisabled();
    await expect(filter).toHaveAccessibleDescription(text('es-MX', 'Vineta::RolesNotLoaded'));
    await page.screenshot({ path: `${artifacts}/role-filter-not-loaded-es-MX-1280.png` });
    await expectNoAxeViolations(page);
    // On a phone the select keeps its text whole and Try again goes under it.
    await page.setViewportSize({ width: 375, height: 720 });
    // The sidebar closes once the resize settles (SPEC.md section 9's 150 ms).
    await expect(page.getByRole('button', { name: 'Menú', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await page.screenshot({
      path: `${artifacts}/role-filter-not-loaded-es-MX-375.png`,
      animations: 'disabled',
    });
    await page.unroute('**/api/identity/users/assignable-roles');
    await main.getByRole('button', { name: text('es-MX', 'Vineta::TryAgain') }).click();
    await expect(filter).toBeEnabled();
    await expect(filter).toBeFocused();
    await expect(filter.getByRole('option', { name: 'admin' })).toHaveCount(1);
  });
});
