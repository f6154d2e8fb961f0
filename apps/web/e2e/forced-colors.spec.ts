import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { text, uniqueName } from './support/account';
import { adminApi, ok, openRowAction, search } from './support/admin';
import { artifacts, signIn, useLanguage } from './support/app';
import { faintFocusIndicators } from './support/focus-rings';
import { changedPixels, openLab } from './support/pixels';
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

/**
 * How much of `target` changes by 3:1 when `act` runs, as a share of its area: the difference a
 * person sees between two states. Pointer and focus are taken away before each picture, so that
 * only the state differs.
 */
async function visibleChange(page: Page, target: Locator, act: () => Promise<void>) {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on the page');
  const clip = { x: box.x, y: box.y, width: box.width, height: box.height };
  const still = async () => {
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    return page.screenshot({ clip, animations: 'disabled' });
  };
  const before = await still();
  await act();
  const after = await still();
  const lab = await openLab(page);
  try {
    return (await changedPixels(lab, before, after)) / (box.width * box.height);
  } finally {
    await lab.close();
  }
}

test.describe('forced colours', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`a ticked checkbox, the selected tab and the current page stand out in forced colours (${scheme})`, async ({
      page,
      request,
    }) => {
      const api = await adminApi();
      // Two pages of users; the first one's permissions, all unticked and open to change.
      const userNames = Array.from({ length: 11 }, () => uniqueName('forced'));
      for (const userName of userNames) {
        await ok(
          api.post('/api/identity/users', {
            data: {
              userName,
              email: `${userName}@vineta.test`,
              password: 'Vineta-e2e-1!',
              isActive: true,
              lockoutEnabled: true,
            },
          }),
        );
      }
      await api.dispose();
      await openUsers(page, request);
      await forceColors(page, scheme);

      // The current page's button carries aria-current (it keeps the focus when pressed).
      const pageOne = page.locator('.app-pager-number .page-link').first();
      await expect(pageOne).toHaveAttribute('aria-current', 'page');
      const pagerChange = await visibleChange(page, pageOne, async () => {
        await page.getByRole('button', { name: '2', exact: true }).click();
        await expect(page.locator('.app-pager-number .page-link').nth(1)).toHaveAttribute(
          'aria-current',
          'page',
        );
      });
      expect(pagerChange, 'the current page against another').toBeGreaterThan(0.3);

      const dialog = await openPermissions(page, userNames[0]);
      const firstTab = dialog.getByRole('tab').first();
      await expect(firstTab).toHaveAttribute('aria-selected', 'true');
      await page.screenshot({ path: `${artifacts}/forced-colors-${scheme}-permissions.png` });
      const tabChange = await visibleChange(page, firstTab, async () => {
        await dialog.getByRole('tab').nth(1).click();
        await expect(firstTab).toHaveAttribute('aria-selected', 'false');
      });
      expect(tabChange, 'the selected tab against another').toBeGreaterThan(0.3);

      const box = dialog.getByRole('tabpanel').getByRole('checkbox').last();
      const ticked = await box.isChecked();
      const boxChange = await visibleChange(page, box, async () => {
        await box.click();
        await expect(box).toBeChecked({ checked: !ticked });
      });
      expect(boxChange, 'a ticked checkbox against an unticked one').toBeGreaterThan(0.3);
      await page.screenshot({
        path: `${artifacts}/forced-colors-${scheme}-permissions-ticked.png`,
      });
    });

    test(`a switch's knob shows whether it is on in forced colours (${scheme})`, async ({
      page,
      request,
    }) => {
      await useLanguage(page, culture);
      await signIn(page, request);
      await page.goto('/setting-management');
      await page
        .getByRole('tab', {
          name: text(culture, 'AbpFeatureManagement::Permission:FeatureManagement'),
        })
        .click();
      await page
        .getByRole('button', { name: text(culture, 'AbpFeatureManagement::ManageHostFeatures') })
        .click();
      const toggle = page.getByRole('switch').first();
      await expect(toggle).toBeVisible();
      await forceColors(page, scheme);
      const on = await toggle.isChecked();
      const change = await visibleChange(page, toggle, async () => {
        await toggle.click();
        await expect(toggle).toBeChecked({ checked: !on });
      });
      expect(change, 'a switch on against off').toBeGreaterThan(0.3);
      await page.screenshot({ path: `${artifacts}/forced-colors-${scheme}-features.png` });
    });
  }

  test("the sidebar's link to the page shown stands out in forced colours", async ({
    page,
    request,
  }) => {
    await openUsers(page, request);
    await forceColors(page, 'light');
    const sidebar = page.locator('#app-sidebar nav');
    const users = sidebar.getByRole('link', { name: text(culture, 'AbpIdentity::Users') });
    await expect(users).toHaveAttribute('aria-current', 'page');
    const change = await visibleChange(page, users, async () => {
      await sidebar.getByRole('link', { name: text(culture, 'AbpIdentity::Roles') }).click();
      await expect(users).not.toHaveAttribute('aria-current', 'page');
    });
    expect(change, 'the link to the page shown against another').toBeGreaterThan(0.3);
    await page.screenshot({ path: `${artifacts}/forced-colors-light-sidebar.png` });
  });

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
