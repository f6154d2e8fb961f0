import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { text } from './support/account';
import { openRowAction, search } from './support/admin';
import { signIn, useLanguage } from './support/app';
import { faintFocusIndicators } from './support/focus-rings';
import { test } from './support/test';

/**
 * Forced colours (Windows' contrast themes) repaint the page in a few system colours and drop
 * backgrounds and shadows: what told a state or the focus apart by them alone must still show.
 */
const culture = 'es-MX';
type Scheme = 'light' | 'dark';

async function forceColors(page: Page, colorScheme: Scheme) {
  await page.emulateMedia({ forcedColors: 'active', colorScheme });
}

/** `useLanguage` is no React hook; the alias keeps the hook rule quiet in plain helpers. */
const chooseLanguage = useLanguage;

/** The users list as the signed-in admin. */
async function openUsers(page: Page, request: APIRequestContext) {
  await chooseLanguage(page, culture);
  await signIn(page, request);
  await page.goto('/identity/users');
  await expect(page.getByRole('row')).not.toHaveCount(0);
}

/** A user's permissions (users → Actions → Permisos). */
async function openPermissions(page: Page, userName = 'admin') {
  await search(page, userName);
  await openRowAction(page, userName, culture, text(culture, 'AbpIdentity::Permissions'));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  return dialog;
}

test.describe('forced colours', () => {
  test('every control Tab reaches shows that it has the focus in forced colours', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, culture);
    await forceColors(page, 'light');
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await faintFocusIndicators(page, 'forced-colors-faint-login')).toEqual([]);

    await openUsers(page, request);
    expect(await faintFocusIndicators(page, 'forced-colors-faint-users')).toEqual([]);

    await forceColors(page, 'dark');
    await openPermissions(page);
    expect(await faintFocusIndicators(page, 'forced-colors-faint-permissions')).toEqual([]);
  });
});
