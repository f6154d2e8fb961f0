import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import {
  type Culture,
  expectNoAxeViolations,
  signInToTenant,
  text,
  uniqueName,
} from './support/account';
import {
  adminApi,
  answerQuestion,
  dialog,
  ok,
  openRowAction,
  search,
  shoot,
  toastError,
  toastSuccess,
} from './support/admin';
import { baseUrl, requestToken, signIn, useLanguage } from './support/app';
import { test } from './support/test';

const password = 'Vineta-e2e-1!';
/** `useLanguage` is no React hook; the alias keeps the hook rule quiet in plain helpers. */
const chooseLanguage = useLanguage;
const tenantsPath = '/tenant-management/tenants';

interface Tenant {
  id: string;
  name: string;
  concurrencyStamp: string;
}

/**
 * A tenant's admin signs in the way a person does, in a fresh browser: the tenant box on
 * /account/login, then the login form. Returns the page (signed in or showing the refusal).
 */
async function signInAsTenantAdmin(browser: Browser, culture: Culture, tenantName: string) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: culture });
  const page = await context.newPage();
  await chooseLanguage(page, culture);
  await page.goto('/account/login');
  const box = page.locator('.app-tenant-box');
  await box.getByRole('button').click();
  const modal = dialog(page);
  await modal.getByRole('textbox').fill(tenantName);
  await modal.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
  await expect(modal).toBeHidden();
  await expect(box).toContainText(tenantName);
  await page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress')).fill('admin');
  await page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }).click();
  return page;
}

/** The tenant's admin lands on /home and sees only the tenant's own users: the admin. */
async function expectTenantAdminWorks(
  browser: Browser,
  culture: Culture,
  tenantName: string,
  adminEmail = `admin@${tenantName}.test`,
) {
  const page = await signInAsTenantAdmin(browser, culture, tenantName);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/identity/users');
  await expect(
    page.getByRole('heading', { level: 1, name: text(culture, 'AbpIdentity::Users') }),
  ).toBeVisible();
  const body = page.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
  await expect(body).toHaveCount(1);
  await expect(body).toContainText('admin');
  await expect(body).toContainText(adminEmail);
  await page.context().close();
}

test.describe('tenant management', () => {
  // Whole screens with several modals and sign-ins; the default 30 s is for single checks.
  test.describe.configure({ timeout: 180_000 });
  let api: APIRequestContext;
  test.beforeAll(async () => {
    api = await adminApi();
  });
  test.afterAll(async () => {
    await api.dispose();
  });

  test('create, its admin signs in, edit, connection strings, delete (es-MX)', async ({
    page,
    request,
    browser,
  }) => {
    const culture: Culture = 'es-MX';
    await useLanguage(page, culture);
    await signIn(page, request);
    await page.goto(tenantsPath);
    await expect(
      page.getByRole('heading', { level: 1, name: text(culture, 'AbpTenantManagement::Tenants') }),
    ).toBeVisible();
    await expect(
      page.getByRole('columnheader', { name: text(culture, 'AbpTenantManagement::TenantName') }),
    ).toBeVisible();

    // The host's own features, from the toolbar as in ABP
    await page.getByRole('button', { name: 'Administrar características del host' }).click();
    await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(
      'Características del host',
    );
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpUi::Cancel') })
      .click();
    await expect(dialog(page)).toBeHidden();

    // New tenant: the password follows the rules, with a show toggle
    const name = uniqueName('acme');
    await page
      .getByRole('button', { name: text(culture, 'AbpTenantManagement::NewTenant') })
      .click();
    const form = dialog(page);
    await expect(form.getByRole('heading', { level: 2 })).toHaveText(
      text(culture, 'AbpTenantManagement::NewTenant'),
    );
    await form
      .getByLabel(text(culture, 'AbpTenantManagement::TenantName'), { exact: true })
      .fill(name);
    await form
      .getByLabel(text(culture, 'AbpTenantManagement::DisplayName:AdminEmailAddress'))
      .fill(`admin@${name}.test`);
    const passwordField = form.getByLabel(
      text(culture, 'AbpTenantManagement::DisplayName:AdminPassword'),
      { exact: true },
    );
    await passwordField.fill('abc');
    await expect(form.locator('.invalid-feedback')).toBeVisible();
    await expect(form.getByRole('button', { name: text(culture, 'AbpUi::Save') })).toBeDisabled();
    await form.getByRole('button', { name: text(culture, 'AbpUi::ShowPassword') }).click();
    await expect(passwordField).toHaveAttribute('type', 'text');
    await passwordField.fill(password);
    await expect(
      form.getByLabel(text(culture, 'AbpTenantManagement::DisplayName:IsActive')),
    ).toBeChecked();
    await expectNoAxeViolations(page);
    await shoot(page, `tenants-new-${culture}`);
    await form.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await expect(form).toBeHidden();
    await expect(toastSuccess(page)).toBeVisible();

    // The same name again is refused with the server's message
    await page
      .getByRole('button', { name: text(culture, 'AbpTenantManagement::NewTenant') })
      .click();
    await form
      .getByLabel(text(culture, 'AbpTenantManagement::TenantName'), { exact: true })
      .fill(name.toUpperCase());
    await form
      .getByLabel(text(culture, 'AbpTenantManagement::DisplayName:AdminEmailAddress'))
      .fill(`other@${name}.test`);
    await form
      .getByLabel(text(culture, 'AbpTenantManagement::DisplayName:AdminPassword'), { exact: true })
      .fill(password);
    await form.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    const duplicate = text(
      culture,
      'AbpTenantManagement::Volo.Abp.TenantManagement:DuplicateTenantName',
      [name.toUpperCase()],
    );
    await expect(toastError(page)).toContainText(duplicate);
    // And under the name, where it is to be mended.
    await expect(
      form.getByLabel(text(culture, 'AbpTenantManagement::TenantName'), { exact: true }),
    ).toHaveAccessibleDescription(duplicate);
    await form.getByRole('button', { name: text(culture, 'AbpUi::Cancel') }).click();
    await answerQuestion(page, culture);
    await expect(form).toBeHidden();

    // Search (debounced) finds it, active
    await search(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(text(culture, 'AbpTenantManagement::Active'));
    await expect(page.getByRole('row')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await shoot(page, `tenants-list-${culture}`);

    // Its admin signs in through the tenant box and sees the tenant's own users
    await expectTenantAdminWorks(browser, culture, name);

    // Edit: a stale stamp shows the server's conflict message; a fresh one saves the new name
    await openRowAction(page, name, culture, text(culture, 'AbpUi::Edit'));
    const nameField = form.getByLabel(text(culture, 'AbpTenantManagement::TenantName'), {
      exact: true,
    });
    await expect(nameField).toHaveValue(name);
    const renamed = `${name}-b`;
    const [tenant] = (
      await ok<{ items: Tenant[] }>(
        api.get('/api/multi-tenancy/tenants', { params: { filter: name } }),
      )
    ).items;
    if (!tenant) throw new Error('the tenant is not listed');
    await ok(
      api.put(`/api/multi-tenancy/tenants/${tenant.id}`, {
        data: { name, concurrencyStamp: tenant.concurrencyStamp },
      }),
    );
    await nameField.fill(renamed);
    await expectNoAxeViolations(page);
    await shoot(page, `tenants-edit-${culture}`);
    await form.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await expect(toastError(page)).toContainText(
      text(culture, 'AbpExceptionHandling::ConcurrencyErrorMessage'),
    );
    await expect(form).toBeVisible();
    // Unsaved changes ask before the modal closes
    await form.getByRole('button', { name: text(culture, 'AbpUi::Cancel') }).click();
    await answerQuestion(page, culture);
    await expect(form).toBeHidden();
    await openRowAction(page, name, culture, text(culture, 'AbpUi::Edit'));
    await nameField.fill(renamed);
    await form.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await expect(form).toBeHidden();
    await search(page, renamed);
    const renamedRow = page.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toHaveCount(1);

    // Features (the feature-management module's modal, through its replaceable key): allow
    // the tenant to change its e-mail settings, saved for this tenant only
    await openRowAction(
      page,
      renamed,
      culture,
      text(culture, 'AbpTenantManagement::Permission:ManageFeatures'),
    );
    const features = page.getByRole('dialog', {
      name: text(culture, 'AbpFeatureManagement::FeaturesFor', [renamed]),
    });
    await features
      .getByRole('tab', {
        name: text(culture, 'AbpSettingManagement::Feature:SettingManagementGroup'),
      })
      .click();
    const allowEmail = features.getByRole('switch', {
      name: text(culture, 'AbpSettingManagement::Feature:AllowChangingEmailSettings'),
    });
    await expect(allowEmail).not.toBeChecked();
    await allowEmail.check();
    await expectNoAxeViolations(page);
    await shoot(page, `tenants-features-${culture}`);
    await features.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await expect(features).toBeHidden();
    const tenantFeatures = await ok<{
      groups: { features: { name: string; value: string | null }[] }[];
    }>(api.get(`/api/feature-management/features?providerName=T&providerKey=${tenant.id}`));
    expect(
      tenantFeatures.groups
        .flatMap((group) => group.features)
        .find((feature) => feature.name === 'SettingManagement.AllowChangingEmailSettings')?.value,
    ).toBe('true');

    // Connection strings: shared at first (GET answers 204); a wrong string shows the server's
    // reason; a new SQLite file is created, migrated and seeded
    const manage = text(culture, 'AbpTenantManagement::Permission:ManageConnectionStrings');
    await openRowAction(page, renamed, culture, manage);
    const shared = form.getByLabel(
      text(culture, 'AbpTenantManagement::DisplayName:UseSharedDatabase'),
    );
    await expect(shared).toBeChecked();
    await shared.uncheck();
    const connectionString = form.getByLabel(
      text(culture, 'AbpTenantManagement::DisplayName:DefaultConnectionString'),
    );
    await expect(form.getByRole('button', { name: text(culture, 'AbpUi::Save') })).toBeDisabled();
    await connectionString.fill('Server=db;Database=acme;');
    await form.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    // Another database: first, that the tenant's data stays where it is.
    const staysBehind = text(
      culture,
      'AbpTenantManagement::ConnectionStringChangeConfirmationMessage',
      [renamed],
    );
    await answerQuestion(page, culture, { message: staysBehind });
    const invalid = text(
      culture,
      'AbpTenantManagement::Volo.Abp.TenantManagement:InvalidConnectionString',
    );
    await expect(form.locator('.invalid-feedback')).toContainText(invalid);
    await expect(toastError(page)).toContainText(invalid);
    // A new file outside the data folder: refused, saying why in the page's language.
    await connectionString.fill('../fuera.sqlite');
    await form.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await answerQuestion(page, culture, { message: staysBehind });
    await expect(form.locator('.invalid-feedback')).toContainText(
      text(
        culture,
        'AbpTenantManagement::Volo.Abp.TenantManagement:ConnectionStringOutsideDataFolder',
      ),
    );
    const file = `tenants/${renamed}.sqlite`;
    await connectionString.fill(file);
    await expectNoAxeViolations(page);
    await shoot(page, `tenants-connection-string-${culture}`);
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('connection'));
    await form.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await answerQuestion(page, culture, { message: staysBehind });
    expect(new URL((await put).url()).searchParams.get('defaultConnectionString')).toBe(file);
    await expect(form).toBeHidden();
    await openRowAction(page, renamed, culture, manage);
    await expect(shared).not.toBeChecked();
    await expect(connectionString).toHaveValue(file);
    await form.getByRole('button', { name: text(culture, 'AbpUi::Cancel') }).click();
    await expect(form).toBeHidden();

    // Signing in to a tenant on its own database is the next test's.

    // Back to the shared database: a DELETE, and the admin still signs in
    await openRowAction(page, renamed, culture, manage);
    await shared.check();
    const removed = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().includes('default-connection-string'),
    );
    await form.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await answerQuestion(page, culture, { message: staysBehind });
    await removed;
    await expect(form).toBeHidden();
    await expectTenantAdminWorks(browser, culture, renamed, `admin@${name}.test`);

    // Delete with confirmation; its admin can no longer sign in
    await openRowAction(page, renamed, culture, text(culture, 'AbpUi::Delete'));
    await answerQuestion(page, culture, {
      message: text(culture, 'AbpTenantManagement::TenantDeletionConfirmationMessage', [renamed]),
    });
    await expect(renamedRow).toHaveCount(0);
    await expect(requestToken(request, { username: 'admin', password }, tenant.id)).rejects.toThrow(
      /token request failed: 400/,
    );
    const refused = await browser.newContext({ baseURL: baseUrl, locale: culture });
    const login = await refused.newPage();
    await useLanguage(login, culture);
    await login.goto('/account/login');
    await login.locator('.app-tenant-box').getByRole('button').click();
    await dialog(login).getByRole('textbox').fill(renamed);
    await dialog(login)
      .getByRole('button', { name: text(culture, 'AbpUi::Save') })
      .click();
    await expect(login.getByRole('alert').first()).toContainText(renamed);
    await refused.close();
  });

  test('a tenant moved to its own SQLite database: its admin still signs in', async ({
    page,
    request,
    browser,
  }) => {
    // The server seeds the new database with the tenant's admin; the sign-in server finds it there.
    const culture: Culture = 'es-MX';
    const name = uniqueName('own');
    const tenant = await ok<Tenant>(
      api.post('/api/multi-tenancy/tenants', {
        data: { name, adminEmailAddress: `admin@${name}.test`, adminPassword: password },
      }),
    );
    await useLanguage(page, culture);
    await signIn(page, request);
    await page.goto(tenantsPath);
    await search(page, name);
    await openRowAction(
      page,
      name,
      culture,
      text(culture, 'AbpTenantManagement::Permission:ManageConnectionStrings'),
    );
    await dialog(page)
      .getByLabel(text(culture, 'AbpTenantManagement::DisplayName:UseSharedDatabase'))
      .uncheck();
    await dialog(page)
      .getByLabel(text(culture, 'AbpTenantManagement::DisplayName:DefaultConnectionString'))
      .fill(`tenants/${name}.sqlite`);
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpUi::Save') })
      .click();
    await answerQuestion(page, culture);
    await expect(dialog(page)).toBeHidden();
    await expect(toastSuccess(page)).toBeVisible();
    await expectTenantAdminWorks(browser, culture, name);
    await ok(api.delete(`/api/multi-tenancy/tenants/${tenant.id}`));
  });

  /** A new tenant whose admin has signed in through the screens and opened the roles. */
  async function workingInNewTenant(page: Page, culture: Culture, prefix: string) {
    const name = uniqueName(prefix);
    const tenant = await ok<Tenant>(
      api.post('/api/multi-tenancy/tenants', {
        data: { name, adminEmailAddress: `admin@${name}.test`, adminPassword: password },
      }),
    );
    await chooseLanguage(page, culture);
    await signInToTenant(page, culture, name, password);
    await page.goto('/identity/roles');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The roles have come: a change to the tenant now meets the next step, not this list.
    await expect(page.getByRole('row').filter({ hasText: 'admin' })).toHaveCount(1);
    return { name, tenant };
  }

  test('a tenant deactivated while its admin works: the reason, then the sign-in page as the host', async ({
    page,
  }) => {
    const culture: Culture = 'es-MX';
    const { name, tenant } = await workingInNewTenant(page, culture, 'pausa');

    await ok(
      api.put(`/api/multi-tenancy/tenants/${tenant.id}`, {
        data: { name, isActive: false, concurrencyStamp: tenant.concurrencyStamp },
      }),
    );
    // The next step inside the app is refused, as every one would be.
    await page
      .getByRole('complementary')
      .getByRole('link', { name: text(culture, 'AbpIdentity::Users') })
      .click();
    await answerQuestion(page, culture, {
      answer: 'AbpUi::Close',
      message: text(culture, 'AbpUiMultiTenancy::GivenTenantIsNotActive', [name]),
    });
    // Not stuck in a tenant whose every page answers the same: signed out, back to the host.
    await expect(page).toHaveURL(/\/account\/login/);
    await expect(page.locator('.app-tenant-box')).toContainText(
      text(culture, 'AbpUiMultiTenancy::NotSelected'),
    );
  });

  test('a tenant deleted since the last visit: the host’s sign-in page, and a toast naming it', async ({
    page,
  }) => {
    const culture: Culture = 'es-MX';
    const { name, tenant } = await workingInNewTenant(page, culture, 'cerrada');
    await ok(api.delete(`/api/multi-tenancy/tenants/${tenant.id}`));

    // The next visit, days later: no dialog with the tenant's id before any text has loaded.
    await page.reload();
    await expect(page).toHaveURL(/\/account\/login/);
    await expect(toastError(page)).toContainText(
      text(culture, 'AbpUiMultiTenancy::GivenTenantIsNotAvailable', [name]),
    );
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(page.locator('.app-tenant-box')).toContainText(
      text(culture, 'AbpUiMultiTenancy::NotSelected'),
    );
  });

  test('a user with only AbpTenantManagement.Tenants sees the list without actions (en)', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'en';
    const roleName = uniqueName('tenantviewer');
    await ok(api.post('/api/identity/roles', { data: { name: roleName } }));
    await ok(
      api.put(`/api/permission-management/permissions?providerName=R&providerKey=${roleName}`, {
        data: { permissions: [{ name: 'AbpTenantManagement.Tenants', isGranted: true }] },
      }),
    );
    const userName = uniqueName('viewer');
    await ok(
      api.post('/api/identity/users', {
        data: {
          userName,
          email: `${userName}@vineta.test`,
          password,
          roleNames: [roleName],
          isActive: true,
          lockoutEnabled: true,
        },
      }),
    );
    const name = uniqueName('seen');
    await ok(
      api.post('/api/multi-tenancy/tenants', {
        data: { name, adminEmailAddress: `admin@${name}.test`, adminPassword: password },
      }),
    );

    await useLanguage(page, culture);
    await signIn(page, request, { username: userName, password });
    await page.goto(tenantsPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
    await search(page, name);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Active');
    await expect(page.getByRole('button', { name: 'New tenant' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: /Edit|Delete/ })).toHaveCount(
      0,
    );

    // The API refuses what the screen does not offer
    const { access_token } = await requestToken(request, { username: userName, password });
    const answer = await request.post('/api/multi-tenancy/tenants', {
      headers: { Authorization: `Bearer ${access_token}` },
      data: { name: uniqueName('x'), adminEmailAddress: 'a@b.test', adminPassword: password },
    });
    expect(answer.status()).toBe(403);
  });

  test('screens in Arabic: the list and each modal, right to left', async ({ page, request }) => {
    const culture: Culture = 'ar';
    const name = uniqueName('rtl');
    await ok(
      api.post('/api/multi-tenancy/tenants', {
        data: { name, adminEmailAddress: `admin@${name}.test`, adminPassword: password },
      }),
    );
    await useLanguage(page, culture);
    await signIn(page, request);
    await page.goto(tenantsPath);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await search(page, name);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    await shoot(page, `tenants-list-${culture}`);

    await page
      .getByRole('button', { name: text(culture, 'AbpTenantManagement::NewTenant') })
      .click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page)
      .getByLabel(text(culture, 'AbpTenantManagement::DisplayName:AdminPassword'), { exact: true })
      .fill('abc');
    await expectNoAxeViolations(page);
    await shoot(page, `tenants-new-${culture}`);
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpUi::Cancel') })
      .click();
    await answerQuestion(page, culture);
    await expect(dialog(page)).toBeHidden();

    await openRowAction(page, name, culture, text(culture, 'AbpUi::Edit'));
    await expect(dialog(page).getByRole('textbox')).toHaveValue(name);
    await shoot(page, `tenants-edit-${culture}`);
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpUi::Cancel') })
      .click();
    await expect(dialog(page)).toBeHidden();

    await openRowAction(
      page,
      name,
      culture,
      text(culture, 'AbpTenantManagement::Permission:ManageConnectionStrings'),
    );
    await dialog(page)
      .getByLabel(text(culture, 'AbpTenantManagement::DisplayName:UseSharedDatabase'))
      .uncheck();
    await expectNoAxeViolations(page);
    await shoot(page, `tenants-connection-string-${culture}`);
    // The question before the tenant moves, over the modal; declined, the modal stays as it was.
    await dialog(page)
      .getByLabel(text(culture, 'AbpTenantManagement::DisplayName:DefaultConnectionString'))
      .fill(`tenants/${name}.sqlite`);
    const save = dialog(page).getByRole('button', { name: text(culture, 'AbpUi::Save') });
    await save.click();
    await expect(page.getByRole('alertdialog')).toContainText(
      text(culture, 'AbpTenantManagement::ConnectionStringChangeConfirmationMessage', [name]),
    );
    await expectNoAxeViolations(page);
    await shoot(page, `tenants-connection-string-confirmation-${culture}`, { fullPage: false });
    await answerQuestion(page, culture, { answer: 'AbpUi::Cancel' });
    await expect(save).toBeFocused();
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpUi::Cancel') })
      .click();
    await answerQuestion(page, culture);
    await expect(dialog(page)).toBeHidden();

    await openRowAction(
      page,
      name,
      culture,
      text(culture, 'AbpTenantManagement::Permission:ManageFeatures'),
    );
    await expect(
      page.getByRole('dialog', {
        name: text(culture, 'AbpFeatureManagement::FeaturesFor', [name]),
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, `tenants-features-${culture}`);
  });
});
