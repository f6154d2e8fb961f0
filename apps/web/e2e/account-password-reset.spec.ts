import { expect, type Page } from '@playwright/test';
import {
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
  waitFor,
} from '../../server/test/smtp-test-server';
import {
  type Culture,
  minLength,
  passwordRulesText,
  required,
  text,
  uniqueName,
} from './support/account';
import { admin, registerUser, requestToken, useLanguage } from './support/app';
import { smtpPort } from './support/ports';
import { test } from './support/test';

const cultures: Culture[] = ['es-MX', 'en'];
let smtp: SmtpTestServer;

test.beforeAll(async () => {
  smtp = await startSmtpTestServer({ port: smtpPort });
});
test.afterAll(async () => {
  await smtp?.close();
});

/** The reset link of the newest mail to `to`, as the user would follow it. */
async function resetLinkFor(to: string): Promise<string> {
  const mail = await waitFor<ReceivedMail>(
    () => smtp.received.findLast((received) => received.to.includes(to)),
    { timeoutMs: 15_000 },
  );
  const body = mail.text ?? mail.html?.replaceAll('&amp;', '&') ?? '';
  const link = /https?:\/\/[^\s"'<>]+\/account\/reset-password\?[^\s"'<>]+/.exec(body)?.[0];
  if (!link) throw new Error(`No reset link in the mail to ${to}:\n${body}`);
  return link;
}

function resetForm(page: Page, culture: Culture) {
  return {
    password: page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }),
    confirmation: page.getByLabel(text(culture, 'AbpAccount::ConfirmPassword')),
    submit: page.getByRole('button', { name: text(culture, 'AbpAccount::Submit') }),
  };
}

async function requestResetMail(page: Page, culture: Culture, email: string) {
  await page.goto('/account/login');
  await page.getByRole('link', { name: text(culture, 'AbpAccount::ForgotPassword') }).click();
  await page.getByLabel(text(culture, 'AbpAccount::EmailAddress'), { exact: true }).fill(email);
  await page.getByRole('button', { name: text(culture, 'AbpAccount::Submit') }).click();
  await expect(
    page.getByText(text(culture, 'AbpAccount::PasswordResetMailSentMessage')),
  ).toBeVisible();
}

async function signIn(page: Page, culture: Culture, userName: string, password: string) {
  await page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress')).fill(userName);
  await page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }).click();
}

for (const culture of cultures) {
  test.describe(`forgot and reset password (${culture})`, () => {
    test.use({ locale: culture });
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, culture);
    });

    test('forgot password: Submit disabled while invalid, Enter marks the field, then the confirmation', async ({
      page,
    }) => {
      await page.goto('/account/forgot-password');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(culture, 'AbpAccount::ForgotPassword'),
      );
      const email = page.getByLabel(text(culture, 'AbpAccount::EmailAddress'), { exact: true });
      const submit = page.getByRole('button', { name: text(culture, 'AbpAccount::Submit') });
      await expect(submit).toBeDisabled();
      await email.press('Enter');
      await expect(email).toHaveAccessibleDescription(required(culture));
      await email.fill('nobody@');
      await expect(email).toHaveAccessibleDescription(
        text(culture, 'AbpValidation::Validation:Email'),
      );
      await expect(submit).toBeDisabled();
      await email.fill(`${uniqueName('nobody')}@vineta.test`);
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(
        page.getByText(text(culture, 'AbpAccount::PasswordResetMailSentMessage')),
      ).toBeVisible();
      await page.getByRole('link', { name: text(culture, 'AbpAccount::BackToLogin') }).click();
      await expect(page).toHaveURL(/\/account\/login$/);
    });

    test('the whole reset through a real e-mail: the link works once and the new password signs in', async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, uniqueName('reset'));
      const email = `${user.username}@vineta.test`;
      await requestResetMail(page, culture, email);
      const link = await resetLinkFor(email);
      expect(new URL(link).searchParams.get('userId')).toBeTruthy();

      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(culture, 'AbpAccount::ResetPassword'),
      );
      await expect(page.locator('.app-tenant-box')).toHaveCount(0);
      const form = resetForm(page, culture);
      await form.submit.click();
      await expect(form.password).toHaveAccessibleDescription(required(culture));
      await expect(form.confirmation).toHaveAccessibleDescription(required(culture));
      await form.password.fill('abc');
      await expect(form.password).toHaveAccessibleDescription(minLength(culture, 6, 3));
      await form.password.fill('abcdefg');
      await expect(form.password).toHaveAccessibleDescription(
        passwordRulesText(culture, ['capital', 'number', 'special']),
      );
      const newPassword = 'Nueva-clave-2!';
      await form.password.fill(newPassword);
      await form.confirmation.fill(`${newPassword}x`);
      const mismatch = text(culture, 'AbpValidation::Validation:PasswordMismatch');
      await expect(form.confirmation).toHaveAccessibleDescription(mismatch);
      await expect(form.password).toHaveAccessibleDescription(mismatch);
      await form.confirmation.fill(newPassword);
      await expect(form.password).not.toHaveClass(/is-invalid/);
      await expect(form.confirmation).not.toHaveClass(/is-invalid/);

      // A double click sends one request.
      let resets = 0;
      page.on('request', (sent) => {
        if (sent.url().endsWith('/api/account/reset-password')) resets++;
      });
      await form.submit.dblclick();
      await expect(
        page.getByText(text(culture, 'AbpAccount::YourPasswordIsSuccessfullyReset')),
      ).toBeVisible();
      expect(resets).toBe(1);
      await page.getByRole('link', { name: text(culture, 'AbpAccount::BackToLogin') }).click();
      await expect(page).toHaveURL(/\/account\/login$/);

      await signIn(page, culture, user.username, user.password);
      await expect(page.locator('.app-toast-error')).toContainText(
        text(culture, 'AbpAccount::InvalidUserNameOrPassword'),
      );
      await signIn(page, culture, user.username, newPassword);
      await expect(page).toHaveURL(/\/home$/);

      // The same link again: it says it no longer works, and the server refuses it.
      await page.goto(link);
      await expect(page.getByRole('alert')).toHaveText(
        text(culture, 'AbpAccount::PasswordResetLinkExpired'),
      );
      await expect(page.getByLabel(text(culture, 'AbpAccount::ConfirmPassword'))).toHaveCount(0);
      const url = new URL(link);
      const again = await request.post('/api/account/reset-password', {
        data: {
          userId: url.searchParams.get('userId'),
          resetToken: url.searchParams.get('resetToken'),
          password: 'Otra-clave-3!',
        },
      });
      expect([400, 403]).toContain(again.status());
      expect(((await again.json()) as { error: { code: string } }).error.code).toContain(
        'InvalidToken',
      );
    });

    test('without userId or resetToken the reset page goes to sign-in', async ({ page }) => {
      await page.goto('/account/reset-password?userId=3a1b6f9e-0000-4000-8000-000000000001');
      await expect(page).toHaveURL(/\/account\/login$/);
      await page.goto('/account/reset-password?resetToken=abc');
      await expect(page).toHaveURL(/\/account\/login$/);
    });
  });
}

test('a tenant user resets from the link: its __tenant selects the tenant', async ({
  page,
  request,
}) => {
  const culture: Culture = 'es-MX';
  await useLanguage(page, culture);
  const token = await requestToken(request, admin);
  const tenantName = uniqueName('tenant');
  const adminEmail = `admin@${tenantName}.test`;
  const created = await request.post('/api/multi-tenancy/tenants', {
    headers: { Authorization: `Bearer ${token.access_token}` },
    data: { name: tenantName, adminEmailAddress: adminEmail, adminPassword: 'Vineta-e2e-1!' },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/account/login');
  const box = page.locator('.app-tenant-box');
  await box.getByRole('button').click();
  await page.getByRole('dialog').getByRole('textbox').fill(tenantName);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text(culture, 'AbpAccount::Save') })
    .click();
  await expect(box).toContainText(tenantName);
  await page.getByRole('link', { name: text(culture, 'AbpAccount::ForgotPassword') }).click();
  await page
    .getByLabel(text(culture, 'AbpAccount::EmailAddress'), { exact: true })
    .fill(adminEmail);
  await page.getByRole('button', { name: text(culture, 'AbpAccount::Submit') }).click();
  await expect(
    page.getByText(text(culture, 'AbpAccount::PasswordResetMailSentMessage')),
  ).toBeVisible();
  const link = await resetLinkFor(adminEmail);
  expect(new URL(link).searchParams.get('__tenant')).toBeTruthy();

  // A fresh browser that never chose the tenant.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await useLanguage(page, culture);
  await page.goto(link);
  const form = resetForm(page, culture);
  await form.password.fill('Tenant-clave-2!');
  await form.confirmation.fill('Tenant-clave-2!');
  await form.submit.click();
  await expect(
    page.getByText(text(culture, 'AbpAccount::YourPasswordIsSuccessfullyReset')),
  ).toBeVisible();
  await page.getByRole('link', { name: text(culture, 'AbpAccount::BackToLogin') }).click();
  await expect(box).toContainText(tenantName);
  await signIn(page, culture, 'admin', 'Tenant-clave-2!');
  await expect(page).toHaveURL(/\/home$/);
});
