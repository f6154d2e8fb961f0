import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, text } from './support/account';
import { openRowAction } from './support/admin';
import { artifacts, signIn, useLanguage } from './support/app';
import { faintFocusIndicators } from './support/focus-rings';
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

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement);

/** Which of five points across the control (its centre, and a quarter in from each corner)
 * something else lies over. */
function coveredPoints(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const points = [
      [0.5, 0.5],
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ];
    return points
      .filter(([across = 0, down = 0]) => {
        const top = document.elementFromPoint(
          box.x + across * box.width,
          box.y + down * box.height,
        );
        return top === null || !element.contains(top);
      })
      .map(([across, down]) => `${across},${down}`);
  });
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

  // WCAG 1.4.11 and 2.4.13: a focus ring stands out by 3:1 from what it lies on, over at least
  // the area of a 2 px thick perimeter of its control. Read as a person sees it: the pixels
  // around each control Tab reaches, with focus and without, on every surface (the account
  // screens' gradient and cards, the top bar, the sidebar, the table, a dialog).
  for (const culture of ['es-MX', 'ar'] as const) {
    for (const { where, signedIn } of [
      { where: '/identity/users', signedIn: true },
      { where: 'the New user dialog', signedIn: true },
      { where: "the admin's permissions dialog", signedIn: true },
      { where: '/account/login', signedIn: false },
    ]) {
      test(`every control Tab reaches in ${where} shows a focus ring of 3:1 in ${culture}`, async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000);
        await useLanguage(page, culture);
        if (signedIn) await signIn(page, request);
        await page.goto(where.startsWith('/') ? where : '/identity/users');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (signedIn) await expect(page.getByRole('row')).not.toHaveCount(0);
        if (where === 'the New user dialog')
          await page.getByRole('button', { name: text(culture, 'AbpIdentity::NewUser') }).click();
        if (where === "the admin's permissions dialog")
          await openRowAction(page, 'admin', culture, text(culture, 'AbpIdentity::Permissions'));
        if (!where.startsWith('/')) await expect(page.getByRole('dialog')).toBeVisible();
        expect(
          await faintFocusIndicators(page, `faint-focus-${culture}-${where.replace(/\W+/g, '-')}`),
        ).toEqual([]);
      });
    }
  }

  // WCAG 2.4.11: a failed sign-in's toast stays 7 s at the top end corner, over the language menu.
  for (const culture of ['es-MX', 'ar'] as const) {
    test(`an error toast leaves the control Tab reaches in sight in ${culture}`, async ({
      page,
    }) => {
      await useLanguage(page, culture);
      await page.goto('/account/login');
      await page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress')).fill('nosuchuser');
      await page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }).fill('x');
      await page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }).press('Enter');
      const toast = page.getByRole('alert');
      await expect(toast).toContainText(text(culture, 'AbpAccount::InvalidUserNameOrPassword'));
      const language = page.getByRole('button', {
        name: new RegExp(`^${text(culture, 'AbpUi::Language')}: `),
      });
      for (let press = 0; press < 15 && !(await isFocused(language)); press++)
        await page.keyboard.press('Shift+Tab');
      await expect(language).toBeFocused();
      // Seen as a person sees it, at once (the toast lasts 7 s, after which nothing covers the
      // control anyway): the toast is still there to read, and nothing lies over the control.
      await expect(toast).toBeInViewport();
      await expect.poll(() => coveredPoints(language), { timeout: 1000 }).toEqual([]);
      await page.screenshot({ path: `${artifacts}/toast-clear-of-focus-${culture}.png` });
      // Back in the form, under no toast, the toast returns to its corner.
      await page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress')).focus();
      await expect.poll(() => coveredPoints(language), { timeout: 1000 }).not.toEqual([]);
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
