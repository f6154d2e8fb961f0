import { expect, type Page } from '@playwright/test';
import { type Culture, expectNoAxeViolations, text, uniqueName } from './support/account';
import { artifacts, registerUser, signIn, useLanguage } from './support/app';
import { test } from './support/test';

/** Each account screen: looked at in screenshots at 1280 and 375 px, and scanned by axe-core. */
interface Screen {
  name: string;
  signedIn?: boolean;
  open: (page: Page, culture: Culture) => Promise<void>;
}

const resetLink =
  '/account/reset-password?userId=3a1b6f9e-0000-4000-8000-000000000001&resetToken=t';

const screens: Screen[] = [
  {
    name: 'login',
    open: async (page, culture) => {
      await page.goto('/account/login');
      await expect(
        page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress')),
      ).toBeFocused();
    },
  },
  {
    name: 'login-invalid',
    open: async (page, culture) => {
      await page.goto('/account/login');
      await page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }).click();
      await expect(page.locator('.is-invalid')).toHaveCount(2);
    },
  },
  {
    name: 'register',
    open: async (page, culture) => {
      await page.goto('/account/register');
      await page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }).fill('abcdef');
      await expect(page.locator('.invalid-feedback')).toHaveCount(1);
    },
  },
  {
    name: 'forgot-password',
    open: async (page, culture) => {
      await page.goto('/account/forgot-password');
      await expect(
        page.getByLabel(text(culture, 'AbpAccount::EmailAddress'), { exact: true }),
      ).toBeVisible();
    },
  },
  {
    name: 'forgot-password-sent',
    open: async (page, culture) => {
      await page.goto('/account/forgot-password');
      await page
        .getByLabel(text(culture, 'AbpAccount::EmailAddress'), { exact: true })
        .fill('nobody@vineta.test');
      await page.getByRole('button', { name: text(culture, 'AbpAccount::Submit') }).click();
      await expect(
        page.getByText(text(culture, 'AbpAccount::PasswordResetMailSentMessage')),
      ).toBeVisible();
    },
  },
  {
    name: 'reset-password',
    open: async (page, culture) => {
      // The form of a link that still works (the check's answer is replaced in the browser).
      await page.route('**/api/account/verify-password-reset-token', (route) =>
        route.fulfill({ json: true }),
      );
      await page.goto(resetLink);
      await page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }).fill('1q2w3E*');
      await page.getByLabel(text(culture, 'AbpAccount::ConfirmPassword')).fill('1q2w3E?');
      await expect(page.locator('.invalid-feedback')).toHaveCount(2);
    },
  },
  {
    name: 'reset-password-expired',
    open: async (page, culture) => {
      await page.goto(resetLink);
      await expect(
        page.getByText(text(culture, 'AbpAccount::PasswordResetLinkExpired')),
      ).toBeVisible();
    },
  },
  {
    name: 'manage-password',
    signedIn: true,
    open: async (page, culture) => {
      await page.goto('/account/manage');
      await expect(
        page.getByLabel(text(culture, 'AbpAccount::DisplayName:NewPassword'), { exact: true }),
      ).toBeVisible();
    },
  },
  {
    name: 'manage-personal',
    signedIn: true,
    open: async (page, culture) => {
      await page.goto('/account/manage');
      await page.getByRole('tab', { name: text(culture, 'AbpAccount::PersonalSettings') }).click();
      await expect(page.getByLabel(text(culture, 'AbpAccount::DisplayName:Surname'))).toBeVisible();
    },
  },
];

for (const culture of ['es-MX', 'ar'] as Culture[]) {
  test.describe(`account screens (${culture})`, () => {
    test.use({ locale: culture });
    for (const screen of screens) {
      test(`${screen.name}: screenshots at 1280 and 375 px, no axe-core violations`, async ({
        page,
        request,
      }) => {
        await useLanguage(page, culture);
        if (screen.signedIn)
          await signIn(page, request, await registerUser(request, uniqueName('shot')));
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 900 });
          await screen.open(page, culture);
          await expect(page.locator('html')).toHaveAttribute(
            'dir',
            culture === 'ar' ? 'rtl' : 'ltr',
          );
          await expectNoAxeViolations(page);
          await page.screenshot({
            path: `${artifacts}/account-${screen.name}-${culture}-${width}.png`,
            fullPage: true,
            animations: 'disabled',
          });
        }
      });
    }
  });
}
