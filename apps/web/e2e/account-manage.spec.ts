import { expect, type Page } from '@playwright/test';
import {
  type Culture,
  errorToast,
  expectNoAxeViolations,
  maxLength,
  required,
  text,
  uniqueName,
} from './support/account';
import { artifacts, registerUser, requestToken, signIn, useLanguage } from './support/app';
import { arrangeHostUser, serverDatabaseFile } from './support/server-database';
import { test } from './support/test';

const cultures: Culture[] = ['es-MX', 'en'];

function passwordForm(page: Page, culture: Culture) {
  return {
    current: page.getByLabel(text(culture, 'AbpAccount::DisplayName:CurrentPassword')),
    next: page.getByLabel(text(culture, 'AbpAccount::DisplayName:NewPassword'), { exact: true }),
    repeat: page.getByLabel(text(culture, 'AbpAccount::DisplayName:NewPasswordConfirm')),
    save: page.getByRole('button', { name: text(culture, 'AbpAccount::Save') }),
  };
}

function settingsForm(page: Page, culture: Culture) {
  return {
    userName: page.getByLabel(text(culture, 'AbpAccount::DisplayName:UserName')),
    name: page.getByLabel(text(culture, 'AbpAccount::DisplayName:Name'), { exact: true }),
    surname: page.getByLabel(text(culture, 'AbpAccount::DisplayName:Surname')),
    email: page.getByLabel(text(culture, 'AbpAccount::DisplayName:Email')),
    phone: page.getByLabel(text(culture, 'AbpAccount::DisplayName:PhoneNumber')),
    save: page.getByRole('button', { name: text(culture, 'AbpAccount::Save') }),
  };
}

const tab = (page: Page, culture: Culture, key: string) =>
  page.getByRole('tab', { name: text(culture, key) });

for (const culture of cultures) {
  test.describe(`My account (${culture})`, () => {
    test.use({ locale: culture });
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, culture);
    });

    test('change password: the rules, a wrong current password, then a change that signs in', async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, uniqueName('pwd'));
      await signIn(page, request, user);
      await page.goto('/account/manage');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(culture, 'AbpAccount::MyAccount'),
      );
      await expect(page.getByRole('tab')).toHaveText([
        text(culture, 'AbpAccount::ChangePassword'),
        text(culture, 'AbpAccount::PersonalSettings'),
      ]);
      await expect(tab(page, culture, 'AbpAccount::ChangePassword')).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const form = passwordForm(page, culture);
      await expect(form.save).toBeDisabled();
      await form.current.press('Enter');
      await expect(form.current).toHaveAccessibleDescription(required(culture));
      await expect(form.next).toHaveAccessibleDescription(required(culture));
      await expect(form.repeat).toHaveAccessibleDescription(required(culture));

      await form.current.fill('wrong-Password-1');
      await form.next.fill('Cambio-clave-2!');
      await form.repeat.fill('Cambio-clave-2?');
      const mismatch = text(culture, 'AbpValidation::Validation:PasswordMismatch');
      await expect(form.repeat).toHaveAccessibleDescription(mismatch);
      await expect(form.next).toHaveAccessibleDescription(mismatch);
      await expect(form.save).toBeDisabled();
      await form.repeat.fill('Cambio-clave-2!');
      await form.save.click();
      await expect(errorToast(page)).toContainText(
        text(culture, 'AbpIdentity::Volo.Abp.Identity:PasswordMismatch'),
      );

      await form.current.fill(user.password);
      await form.save.click();
      const success = page.locator('.app-toast-success');
      await expect(success).toContainText(text(culture, 'AbpAccount::PasswordChangedMessage'));
      await expect(form.current).toHaveValue('');
      await expect(form.next).toHaveValue('');
      await expect(form.repeat).toHaveValue('');
      await requestToken(request, { username: user.username, password: 'Cambio-clave-2!' });
    });

    test('personal settings: no space in the user name, every limit, saved and shown again', async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, uniqueName('me'));
      await signIn(page, request, user);
      await page.goto('/account/manage');
      await tab(page, culture, 'AbpAccount::PersonalSettings').click();
      const form = settingsForm(page, culture);
      await expect(form.userName).toHaveValue(user.username);
      await expect(form.email).toHaveValue(`${user.username}@vineta.test`);

      await form.userName.fill('');
      await form.userName.pressSequentially('ana lopez');
      await expect(form.userName).toHaveValue('analopez');
      await form.userName.fill('u'.repeat(257));
      await expect(form.userName).toHaveAccessibleDescription(maxLength(culture, 256, 257));
      await form.userName.fill('');
      await expect(form.userName).toHaveAccessibleDescription(required(culture));
      await form.email.fill('ana@');
      await expect(form.email).toHaveAccessibleDescription(
        text(culture, 'AbpValidation::Validation:Email'),
      );
      await form.email.fill(`${'e'.repeat(245)}@example.com`);
      await expect(form.email).toHaveAccessibleDescription(maxLength(culture, 256, 257));
      await form.name.fill('n'.repeat(65));
      await expect(form.name).toHaveAccessibleDescription(maxLength(culture, 64, 65));
      await form.surname.fill('s'.repeat(65));
      await expect(form.surname).toHaveAccessibleDescription(maxLength(culture, 64, 65));
      await form.phone.fill('5'.repeat(17));
      await expect(form.phone).toHaveAccessibleDescription(maxLength(culture, 16, 17));
      await expect(form.save).toBeDisabled();

      const newUserName = `${user.username}x`;
      await form.userName.fill(newUserName);
      await form.email.fill(`${newUserName}@vineta.test`);
      await form.name.fill('Ana');
      await form.surname.fill('López');
      await form.phone.fill('5512345678');
      await expect(form.save).toBeEnabled();
      const profileSaved = () =>
        page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/account/my-profile') &&
            response.request().method() === 'PUT',
        );
      const saved = profileSaved();
      await form.save.click();
      const sent = (await saved).request().postDataJSON() as { concurrencyStamp?: string };
      expect(sent.concurrencyStamp).toBeTruthy();
      const toast = page.locator('.app-toast-success');
      await expect(toast).toContainText(text(culture, 'AbpAccount::PersonalSettingsSaved'));
      await expect(toast).toContainText(text(culture, 'AbpUi::Success'));
      await expect(page.locator('.app-topbar')).toContainText(newUserName);

      // A second save carries the new stamp (no conflict), and a reload shows what was stored.
      await form.phone.fill('5587654321');
      const savedAgain = profileSaved();
      await form.save.click();
      expect((await savedAgain).ok()).toBe(true);
      // The same news again replaces its toast instead of stacking a copy.
      await expect(page.locator('.app-toast-success')).toHaveCount(1);
      await page.reload();
      await tab(page, culture, 'AbpAccount::PersonalSettings').click();
      await expect(form.userName).toHaveValue(newUserName);
      await expect(form.name).toHaveValue('Ana');
      await expect(form.surname).toHaveValue('López');
      await expect(form.phone).toHaveValue('5587654321');
    });
  });
}

// Such users come from external sign-in providers, which this server has none of: each test makes
// its signed-in user one in the server's database (support/server-database.ts); the server then
// answers for it as it is.
test.describe('My account for users without a password and external users', () => {
  const database = serverDatabaseFile();
  test.skip(!database, "needs the app server's own database (not E2E_BASE_URL)");

  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'es-MX');
  });

  test('without a password: no current-password field; after a change it is back and required', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const user = await registerUser(request, uniqueName('nopwd'));
    await signIn(page, request, user);
    arrangeHostUser(database as string, user.username, 'passwordless');
    await page.goto('/account/manage');
    const form = passwordForm(page, culture);
    await expect(form.next).toBeVisible();
    await expect(form.current).toHaveCount(0);
    await form.next.fill('Primera-clave-1!');
    await form.repeat.fill('Primera-clave-1!');
    await form.save.click();
    await expect(page.locator('.app-toast-success')).toContainText(
      text(culture, 'AbpAccount::PasswordChangedMessage'),
    );
    await expect(form.current).toBeVisible();
    await expect(form.current).toHaveValue('');
    await form.current.press('Enter');
    await expect(form.current).toHaveAccessibleDescription(required(culture));
    // The server stored the first password: it signs the user in.
    const token = await requestToken(request, { ...user, password: 'Primera-clave-1!' });
    expect(token.access_token).toBeTruthy();
  });

  test('an external profile has no Change password tab and opens Personal settings', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const user = await registerUser(request, uniqueName('ext'));
    await signIn(page, request, user);
    arrangeHostUser(database as string, user.username, 'external');
    await page.goto('/account/manage');
    await expect(page.getByRole('tab')).toHaveText([text(culture, 'AbpAccount::PersonalSettings')]);
    await expect(tab(page, culture, 'AbpAccount::PersonalSettings')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(settingsForm(page, culture).userName).toHaveValue(user.username);
  });

  test('unsaved edits outlive a tab switch, and leaving the page asks first', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const user = await registerUser(request, uniqueName('keep'));
    await signIn(page, request, user);
    await page.goto('/account/manage');
    const password = passwordForm(page, culture);
    await password.current.fill('a medias');
    await tab(page, culture, 'AbpAccount::PersonalSettings').click();
    await settingsForm(page, culture).surname.fill('Pérez');
    await tab(page, culture, 'AbpAccount::ChangePassword').click();
    await expect(password.current).toHaveValue('a medias');

    const home = page.locator('#app-sidebar').getByRole('link', { name: 'Inicio' });
    const question = page.getByRole('alertdialog');
    await home.click();
    await expect(question).toContainText(
      text(culture, 'AbpAccount::AreYouSureYouWantToCancelEditingWarningMessage'),
    );
    await question.getByRole('button', { name: text(culture, 'AbpUi::Cancel') }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/account\/manage$/);
    await expect(password.current).toHaveValue('a medias');

    await home.click();
    await question.getByRole('button', { name: text(culture, 'AbpUi::Yes') }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('a profile that could not be loaded says so, and Try again loads it once the server answers', async ({
  page,
  request,
}) => {
  const culture: Culture = 'es-MX';
  await useLanguage(page, culture);
  const user = await registerUser(request, uniqueName('caida'));
  await signIn(page, request, user);
  // What a gateway in front of the server answers while the server behind it restarts.
  const profile = '**/api/account/my-profile';
  await page.route(profile, (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  await page.goto('/account/manage');
  // The failure is told as it happens; once that is closed, the page says what it lacks.
  const told = page.getByRole('alertdialog');
  await expect(told).toBeVisible();
  await told.getByRole('button', { name: text(culture, 'AbpUi::Close') }).click();
  const main = page.getByRole('main');
  await expect(main).toContainText(text(culture, 'Vineta::PageNotLoaded'));
  await expect(main.getByRole('status')).toHaveCount(0);
  await page.screenshot({ path: `${artifacts}/page-not-loaded-${culture}-1280.png` });
  await expectNoAxeViolations(page);

  await page.unroute(profile);
  await main.getByRole('button', { name: text(culture, 'Vineta::TryAgain') }).click();
  await expect(tab(page, culture, 'AbpAccount::ChangePassword')).toBeVisible();
});
