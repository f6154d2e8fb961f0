import { expect, type Page } from '@playwright/test';
import { type Culture, errorToast, maxLength, required, text, uniqueName } from './support/account';
import { registerUser, useLanguage } from './support/app';
import { lockedDownUrl } from './support/ports';
import { test } from './support/test';

const cultures: Culture[] = ['es-MX', 'en'];

function loginForm(page: Page, culture: Culture) {
  return {
    userName: page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress')),
    password: page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }),
    rememberMe: page.getByLabel(text(culture, 'AbpAccount::RememberMe')),
    submit: page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }),
  };
}

for (const culture of cultures) {
  test.describe(`sign-in (${culture})`, () => {
    test.use({ locale: culture });
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, culture);
    });

    test('shows its parts; an empty submit marks every field; the limits show their messages', async ({
      page,
    }) => {
      await page.goto('/account/login');
      const form = loginForm(page, culture);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(culture, 'AbpAccount::Login'),
      );
      await expect(page.locator('.app-account-background')).toHaveCSS(
        'background-image',
        /account-background.*\.svg/,
      );
      await expect(page.locator('.app-account-card .app-logo')).toBeVisible();
      await expect(
        page.getByRole('link', { name: text(culture, 'AbpAccount::Register') }),
      ).toBeVisible();
      await expect(
        page.getByRole('link', { name: text(culture, 'AbpAccount::ForgotPassword') }),
      ).toHaveAttribute('href', '/account/forgot-password');
      await expect(form.rememberMe).not.toBeChecked();

      await form.submit.click();
      await expect(form.userName).toHaveClass(/is-invalid/);
      await expect(form.userName).toHaveAccessibleDescription(required(culture));
      await expect(form.password).toHaveAccessibleDescription(required(culture));

      await form.userName.fill('u'.repeat(256));
      await form.password.fill('p'.repeat(129));
      await expect(form.userName).toHaveAccessibleDescription(maxLength(culture, 255, 256));
      await expect(form.password).toHaveAccessibleDescription(maxLength(culture, 128, 129));
      await form.userName.fill('u'.repeat(255));
      await form.password.fill('p'.repeat(128));
      await expect(form.userName).not.toHaveClass(/is-invalid/);
      await expect(form.password).not.toHaveClass(/is-invalid/);
    });

    test("a wrong password toasts the server's description and ends the loading state", async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, uniqueName('wrong'));
      await page.goto('/account/login');
      const form = loginForm(page, culture);
      await form.userName.fill(user.username);
      await form.password.fill('not-the-password');
      await form.password.press('Enter');
      await expect(errorToast(page)).toContainText(
        text(culture, 'AbpAccount::InvalidUserNameOrPassword'),
      );
      await expect(form.submit).toBeEnabled();
      await expect(form.submit).not.toHaveAttribute('aria-busy');
    });

    test('Sign in pressed from the keyboard keeps focus through a wrong password', async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, uniqueName('focus'));
      await page.goto('/account/login');
      const form = loginForm(page, culture);
      await form.userName.fill(user.username);
      await form.password.fill('not-the-password');
      await form.submit.focus();
      await page.keyboard.press('Space');
      await expect(errorToast(page)).toContainText(
        text(culture, 'AbpAccount::InvalidUserNameOrPassword'),
      );
      await expect(form.submit).not.toHaveAttribute('aria-busy');
      // Not dropped to the page's body while the button was busy: Enter tries again at once.
      await expect(form.submit).toBeFocused();
    });

    test('five failures lock the account; the toast says how long until it opens again', async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, uniqueName('locked'));
      await page.goto('/account/login');
      const form = loginForm(page, culture);
      await form.userName.fill(user.username);
      for (let attempt = 1; attempt <= 4; attempt++) {
        await form.password.fill(`wrong-${attempt}`);
        await form.submit.click();
        await expect(errorToast(page).last()).toContainText(
          text(culture, 'AbpAccount::InvalidUserNameOrPassword'),
        );
        await page.locator('.app-toast .btn-close').last().click();
      }
      await form.password.fill('wrong-5');
      await form.submit.click();
      const [before] = text(culture, 'AbpAccount::LockedOutFor').split('{0}');
      const toast = errorToast(page).last();
      // How long until the account opens again (ABP's default lockout, 300 s), in the culture's
      // words: a clock time would be in the server's time zone.
      const fiveMinutes = new Intl.NumberFormat(culture, {
        style: 'unit',
        unit: 'minute',
        unitDisplay: 'long',
      }).format(5);
      await expect(toast).toContainText(text(culture, 'AbpAccount::LockedOutFor', [fiveMinutes]));
      // Even the right password is refused until then.
      await page.locator('.app-toast .btn-close').last().click();
      await form.password.fill(user.password);
      await form.submit.click();
      await expect(errorToast(page).last()).toContainText(before?.trim() ?? '');
      await expect(page).toHaveURL(/\/account\/login/);
    });

    test('signs in, remembered, and goes to the return URL; without one to /home', async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, uniqueName('signin'));
      await page.goto('/account/manage');
      await expect(page).toHaveURL(/\/account\/login\?returnUrl=%2Faccount%2Fmanage/);
      const form = loginForm(page, culture);
      await form.userName.fill(user.username);
      await form.password.fill(user.password);
      await form.rememberMe.check();
      await form.submit.click();
      await expect(page).toHaveURL(/\/account\/manage$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(culture, 'AbpAccount::MyAccount'),
      );
      const cookies = await page.context().cookies();
      const rememberMe = cookies.find((cookie) => cookie.name === 'rememberMe');
      expect(rememberMe?.expires).toBeGreaterThan(Date.now() / 1000 + 365 * 24 * 3600);

      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await useLanguage(page, culture);
      await page.goto('/account/login');
      await form.userName.fill(user.username);
      await form.password.fill(user.password);
      await form.submit.click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.locator('.app-topbar')).toContainText(user.username);
    });
  });
}

test('what is typed as soon as the sign-in page shows goes into its user name', async ({
  page,
}) => {
  await useLanguage(page, 'es-MX');
  await page.goto('/account/login');
  const form = loginForm(page, 'es-MX');
  await expect(form.userName).toBeVisible();
  await page.keyboard.type('ana');
  await expect(form.userName).toHaveValue('ana');
  await expect(form.userName).toBeFocused();
});

test.describe('sign-in with local login and self-registration off', () => {
  test("warns 'Invalid login request' and has no form nor Register link", async ({ page }) => {
    await useLanguage(page, 'es-MX');
    await page.goto(`${lockedDownUrl}/account/login`);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading')).toHaveText(
      text('es-MX', 'AbpAccount::InvalidLoginRequest'),
    );
    await expect(alert).toContainText(
      text('es-MX', 'AbpAccount::ThereAreNoLoginSchemesConfiguredForThisClient'),
    );
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: text('es-MX', 'AbpAccount::Register') }),
    ).toHaveCount(0);
  });
});
