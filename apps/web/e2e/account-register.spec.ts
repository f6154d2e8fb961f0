import { expect, type Page } from '@playwright/test';
import {
  type Culture,
  errorToast,
  maxLength,
  minLength,
  passwordRulesText,
  required,
  text,
  uniqueName,
} from './support/account';
import { registerUser, useLanguage } from './support/app';
import { lockedDownUrl } from './support/ports';
import { test } from './support/test';

const cultures: Culture[] = ['es-MX', 'en'];

function registerForm(page: Page, culture: Culture) {
  return {
    userName: page.getByLabel(text(culture, 'AbpAccount::UserName'), { exact: true }),
    email: page.getByLabel(text(culture, 'AbpAccount::EmailAddress'), { exact: true }),
    password: page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }),
    submit: page.getByRole('button', { name: text(culture, 'AbpAccount::Register') }),
  };
}

for (const culture of cultures) {
  test.describe(`register (${culture})`, () => {
    test.use({ locale: culture });
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, culture);
    });

    test('links back to login; an empty submit marks every field; limits and password rules', async ({
      page,
    }) => {
      await page.goto('/account/login?returnUrl=%2Fhome%2Fsuccess');
      await page.getByRole('link', { name: text(culture, 'AbpAccount::Register') }).click();
      await expect(page).toHaveURL(/\/account\/register\?returnUrl=%2Fhome%2Fsuccess$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(culture, 'AbpAccount::Register'),
      );
      await expect(
        page.getByRole('link', { name: text(culture, 'AbpAccount::Login') }),
      ).toHaveAttribute('href', '/account/login?returnUrl=%2Fhome%2Fsuccess');
      const form = registerForm(page, culture);
      await form.submit.click();
      await expect(form.userName).toHaveAccessibleDescription(required(culture));
      await expect(form.email).toHaveAccessibleDescription(required(culture));
      await expect(form.password).toHaveAccessibleDescription(required(culture));

      await form.userName.fill('u'.repeat(256));
      await expect(form.userName).toHaveAccessibleDescription(maxLength(culture, 255, 256));
      await form.email.fill('ana@');
      await expect(form.email).toHaveAccessibleDescription(
        text(culture, 'AbpValidation::Validation:Email'),
      );
      // The server's rules (ABP's defaults): 6 characters, a small letter, a capital, a number
      // and a special character; 128 at most.
      await form.password.fill('abc');
      await expect(form.password).toHaveAccessibleDescription(minLength(culture, 6, 3));
      await form.password.fill('abcdef');
      await expect(form.password).toHaveAccessibleDescription(
        passwordRulesText(culture, ['capital', 'number', 'special']),
      );
      await form.password.fill('ABCDEF1!');
      await expect(form.password).toHaveAccessibleDescription(
        passwordRulesText(culture, ['small']),
      );
      await form.password.fill(`a1B!${'x'.repeat(125)}`);
      await expect(form.password).toHaveAccessibleDescription(maxLength(culture, 128, 129));
    });

    test('registers, then lands signed in at the return URL', async ({ page }) => {
      const userName = uniqueName('reg');
      await page.goto('/account/register?returnUrl=%2Faccount%2Fmanage');
      const form = registerForm(page, culture);
      await form.userName.fill(userName);
      await form.email.fill(`${userName}@vineta.test`);
      await form.password.fill('Vineta-e2e-1!');
      await form.submit.click();
      await expect(page).toHaveURL(/\/account\/manage$/);
      await expect(page.locator('.app-topbar')).toContainText(userName);
    });

    test('registers and lands on /home without a return URL', async ({ page }) => {
      const userName = uniqueName('home');
      await page.goto('/account/register');
      const form = registerForm(page, culture);
      await form.userName.fill(userName);
      await form.email.fill(`${userName}@vineta.test`);
      await form.password.fill('Vineta-e2e-1!');
      await form.password.press('Enter');
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.locator('.app-topbar')).toContainText(userName);
    });

    test("a taken user name toasts the server's message", async ({ page, request }) => {
      const taken = await registerUser(request, uniqueName('taken'));
      await page.goto('/account/register');
      const form = registerForm(page, culture);
      await form.userName.fill(taken.username);
      await form.email.fill(`${uniqueName('other')}@vineta.test`);
      await form.password.fill('Vineta-e2e-1!');
      await form.submit.click();
      await expect(errorToast(page)).toContainText(taken.username);
      await expect(form.submit).toBeEnabled();
      await expect(page).toHaveURL(/\/account\/register$/);
    });
  });
}

test.describe('register with self-registration off', () => {
  test('hides the form and warns for 10 seconds', async ({ page }) => {
    await useLanguage(page, 'es-MX');
    // The page's clock flows with the real one until paused: the toast appeared at some moment
    // between `opened` and `shown`, however slowly the page loaded.
    await page.clock.install();
    const opened = Date.now();
    await page.goto(`${lockedDownUrl}/account/register`);
    const message = text('es-MX', 'AbpAccount::SelfRegistrationDisabledMessage');
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.locator('.app-toast-warning')).toHaveText(message);
    const shown = await page.evaluate(() => Date.now());
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: text('es-MX', 'AbpAccount::Register') }),
    ).toHaveCount(0);
    // At most 9 s after it appeared it is still there; 10.5 s after, at the latest, it is gone.
    await page.clock.pauseAt(opened + 9_000);
    await expect(page.locator('.app-toast-warning')).toBeVisible();
    await page.clock.pauseAt(shown + 10_500);
    await expect(page.locator('.app-toast-warning')).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: text('es-MX', 'AbpAccount::Login') }),
    ).toBeVisible();
  });
});
