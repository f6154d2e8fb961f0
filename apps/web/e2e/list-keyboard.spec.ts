import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { uniqueName } from './support/account';
import { artifacts, registerUser, signIn, useLanguage } from './support/app';
import { test } from './support/test';

/** `useLanguage` is no React hook; the alias keeps the hook rule quiet in plain helpers. */
const chooseLanguage = useLanguage;

async function open(page: Page, request: APIRequestContext, path: string, heading: string) {
  await chooseLanguage(page, 'es-MX');
  await signIn(page, request);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('main').getByRole('row')).not.toHaveCount(1);
}

test.describe('lists from the keyboard and a screen reader', () => {
  test('the page number pressed keeps the focus, as the current page', async ({
    page,
    request,
  }) => {
    // More than ten users: two pages.
    for (let index = 0; index < 10; index++) await registerUser(request, uniqueName('pagina'));
    await open(page, request, '/identity/users', 'Usuarios');
    const pager = page.getByRole('navigation', { name: 'Usuarios' });
    await pager.getByRole('button', { name: '2', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    const second = pager.getByRole('button', { name: '2', exact: true });
    await expect(second).toHaveAttribute('aria-current', 'page');
    await expect(second).toBeFocused();
  });

  test('a search says how many users it found, once', async ({ page, request }) => {
    await open(page, request, '/identity/users', 'Usuarios');
    const status = page.getByRole('main').getByRole('status');
    await expect(status).toHaveText('');
    await page.getByRole('main').getByRole('searchbox').pressSequentially('admin', { delay: 50 });
    await expect(status).toHaveText('1 resultado');
    await page.getByRole('main').getByRole('searchbox').fill('nadie-se-llama-asi');
    await expect(status).toHaveText('Ningún resultado');
    await expect(
      page.getByRole('cell', { name: 'Ningún registro coincide con la búsqueda. Mostrar todos' }),
    ).toBeVisible();
  });

  test('the security logs that scroll sideways are a named Tab stop the arrow keys scroll', async ({
    page,
    request,
  }) => {
    // A tablet's width: the security log fits from 1200 px up (its user agent takes what is left).
    await page.setViewportSize({ width: 700, height: 800 });
    await open(page, request, '/identity/security-logs', 'Registros de seguridad');
    const region = page.getByRole('region', { name: 'Registros de seguridad' });
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    await page.screenshot({ path: `${artifacts}/security-logs-scroll-focus.png` });

    // Wide enough for every column, there is nothing to scroll and no stop.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('region', { name: 'Registros de seguridad' })).toHaveCount(0);
  });
});
