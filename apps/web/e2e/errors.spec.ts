import { expect, test } from '@playwright/test';
import {
  artifacts,
  clientId,
  isSignInServerReady,
  registerUser,
  signIn,
  useLanguage,
} from './support/app';

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
    await page.getByRole('button', { name: 'Inicio' }).click();
    await expect(page).toHaveURL(/\/account\/login/);
  });

  test('a missing policy shows the 403 page', async ({ page, request }) => {
    test.skip(!(await isSignInServerReady(request)), 'the sign-in server is not there yet');
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

  test('a revoked token: the 401 dialog, then the sign-in page', async ({ page, request }) => {
    test.skip(!(await isSignInServerReady(request)), 'the sign-in server is not there yet');
    await useLanguage(page, 'es-MX');
    const token = await signIn(page, request);
    await page.goto('/home');
    await request.post('/connect/revocation', {
      form: { token: token.access_token, client_id: clientId },
    });
    await page.getByRole('button', { name: /Idioma/ }).click();
    await page.getByRole('button', { name: 'English' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button').click();
    await expect(page).toHaveURL(/\/account\/login/);
  });
});
