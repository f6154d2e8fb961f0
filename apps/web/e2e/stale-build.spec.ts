import { expect } from '@playwright/test';
import { artifacts, signIn, useLanguage } from './support/app';
import { test } from './support/test';

// A deploy replaces the build's hashed files. A tab opened before it still knows the old names:
// the first time it needs a page's code, that file is gone. The person should land on the page
// they asked for, in the new build, not on an error.
test('a tab older than the last deploy reloads into the new build when it opens a page', async ({
  page,
  request,
}) => {
  await useLanguage(page, 'es-MX');
  await signIn(page, request);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The deploy: the users page's file of the build this tab loaded is not there any more, for
  // whatever this document asks (Vite preloads it, then imports it). The next document stands for
  // the new build: here the same files, served again.
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
  });
  const oldDocument = documents;
  const gone: string[] = [];
  await page.route(/\/assets\/users-page-[^/]+\.js$/, (route) => {
    if (documents !== oldDocument) return route.continue();
    gone.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 404, body: '' });
  });
  const reloaded = page.waitForEvent('load');
  const search = page.getByRole('combobox', { name: 'Buscar' });
  await search.fill('usu');
  await search.press('Enter');
  await reloaded;

  expect(gone.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/identity\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuarios');
  await expect(page.getByRole('row').filter({ hasText: 'admin' }).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: `${artifacts}/stale-build-reloaded-es-MX.png` });
});
