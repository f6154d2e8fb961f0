import { expect, type Page, request as playwrightRequest } from '@playwright/test';
import { type Culture, expectNoAxeViolations, text, uniqueName } from './support/account';
import { adminApi, answerQuestion, openRowAction, search, shoot } from './support/admin';
import { artifacts, baseUrl, requestToken, signIn, useLanguage } from './support/app';
import { test } from './support/test';

const ENABLE = 'SettingManagement.Enable';
const ALLOW_EMAIL = 'SettingManagement.AllowChangingEmailSettings';
const tenantPassword = 'Vineta-e2e-1!';

async function expectOk(response: Promise<import('@playwright/test').APIResponse>) {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${answer.url()}: ${answer.status()} ${await answer.text()}`);
  return answer;
}

/** Settings → Feature management, as the host administrator. */
async function showFeatureManagementTab(page: Page, culture: Culture) {
  await page.goto('/setting-management');
  await page
    .getByRole('tab', { name: text(culture, 'AbpFeatureManagement::Permission:FeatureManagement') })
    .click();
  return page.getByRole('button', {
    name: text(culture, 'AbpFeatureManagement::ManageHostFeatures'),
  });
}

/** Settings → Feature management → Manage host features. */
async function openHostFeatures(page: Page, culture: Culture) {
  await (await showFeatureManagementTab(page, culture)).click();
  const dialog = page.getByRole('dialog', {
    name: text(culture, 'AbpFeatureManagement::HostFeatures'),
  });
  await expect(
    dialog.getByRole('tab', {
      name: text(culture, 'AbpSettingManagement::Feature:SettingManagementGroup'),
    }),
  ).toBeVisible();
  return dialog;
}

const enableSwitch = (page: Page, culture: Culture) =>
  page.getByRole('switch', {
    name: text(culture, 'AbpSettingManagement::Feature:SettingManagementEnable'),
  });
const settingsLink = (page: Page, culture: Culture) =>
  page
    .locator('#app-sidebar nav')
    .getByRole('link', { name: text(culture, 'AbpSettingManagement::Settings'), exact: true });

/** Tenants → the tenant's row → Manage features. */
async function openTenantFeatures(page: Page, culture: Culture, tenantName: string) {
  await page.goto('/tenant-management/tenants');
  await search(page, tenantName);
  await openRowAction(
    page,
    tenantName,
    culture,
    text(culture, 'AbpTenantManagement::Permission:ManageFeatures'),
  );
  const dialog = page.getByRole('dialog', {
    name: text(culture, 'AbpFeatureManagement::FeaturesFor', [tenantName]),
  });
  await expect(enableSwitch(page, culture)).toBeVisible();
  return dialog;
}

/** Signs a tenant's admin in through the login page: tenant box, then the login form. */
async function signInTenantAdmin(page: Page, tenantName: string) {
  await page.goto('/account/login');
  const box = page.locator('.app-tenant-box');
  await box.getByRole('button').click();
  const switchTenant = page.getByRole('dialog');
  await switchTenant.getByRole('textbox').fill(tenantName);
  await switchTenant.getByRole('button', { name: text('es-MX', 'AbpUi::Save') }).click();
  await expect(box).toContainText(tenantName);
  await page.getByLabel(text('es-MX', 'AbpAccount::UserNameOrEmailAddress')).fill('admin');
  await page
    .getByLabel(text('es-MX', 'AbpAccount::Password'), { exact: true })
    .fill(tenantPassword);
  await page.getByRole('button', { name: text('es-MX', 'AbpAccount::Login') }).click();
  await expect(page.locator('#app-sidebar nav')).toBeVisible();
}

test.describe('feature management', () => {
  // Creating a tenant (its database rows, its admin's hash) and signing it in: 21 s of the default
  // 30 with two workers on CI's two cores, over 30 with three.
  test.describe.configure({ timeout: 90_000 });
  for (const culture of ['es-MX', 'ar'] as const) {
    test(`the host features modal in ${culture}: groups, switches, where values come from; no axe violations`, async ({
      page,
      request,
    }) => {
      await useLanguage(page, culture);
      await signIn(page, request);
      await expect(await showFeatureManagementTab(page, culture)).toBeVisible();
      await expect(
        page.getByText(text(culture, 'AbpFeatureManagement::ManageHostFeaturesDescription')),
      ).toBeVisible();
      await page.screenshot({ path: `${artifacts}/feature-management-tab-${culture}-1280.png` });
      const dialog = await openHostFeatures(page, culture);
      await expect(enableSwitch(page, culture)).toBeChecked();
      // The value is the default's, and the modal says so.
      await expect(dialog).toContainText(text(culture, 'AbpFeatureManagement::Provider:D'));
      await expect(
        dialog.getByText(
          text(culture, 'AbpSettingManagement::Feature:SettingManagementEnableDescription'),
        ),
      ).toBeVisible();
      // Not available to the host: the tenant-only child is not listed.
      await expect(
        dialog.getByText(text(culture, 'AbpSettingManagement::Feature:AllowChangingEmailSettings')),
      ).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shoot(page, `feature-management-${culture}`);
    });
  }

  test('a host feature saved in the modal shows on reopening and reaches the menu at once; reset brings the default back', async ({
    page,
    request,
  }) => {
    const culture = 'es-MX';
    await useLanguage(page, culture);
    await signIn(page, request);
    let dialog = await openHostFeatures(page, culture);
    await expect(settingsLink(page, culture)).toBeVisible();

    await enableSwitch(page, culture).uncheck();
    await dialog.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await expect(page.getByText(text(culture, 'AbpUi::SavedSuccessfully'))).toBeVisible();
    await expect(dialog).toBeHidden();
    // The host's own features changed: its configuration is reloaded and Settings leaves the menu.
    await expect(settingsLink(page, culture)).toHaveCount(0);

    await page
      .getByRole('button', { name: text(culture, 'AbpFeatureManagement::ManageHostFeatures') })
      .click();
    dialog = page.getByRole('dialog', {
      name: text(culture, 'AbpFeatureManagement::HostFeatures'),
    });
    await expect(enableSwitch(page, culture)).not.toBeChecked();
    // Now the host's own value: no provider note.
    await expect(dialog).not.toContainText(text(culture, 'AbpFeatureManagement::Provider:D'));

    await dialog
      .getByRole('button', { name: text(culture, 'AbpFeatureManagement::ResetToDefault') })
      .click();
    await answerQuestion(page, culture, {
      message: text(culture, 'AbpFeatureManagement::ResetToDefaultConfirmation'),
    });
    await expect(
      page.getByText(text(culture, 'AbpFeatureManagement::ResetedToDefault')),
    ).toBeVisible();
    await expect(enableSwitch(page, culture)).toBeChecked();
    await expect(dialog).toContainText(text(culture, 'AbpFeatureManagement::Provider:D'));
    await expect(settingsLink(page, culture)).toBeVisible();
    await dialog.getByRole('button', { name: text(culture, 'AbpUi::Cancel') }).click();
    await expect(dialog).toBeHidden();
  });

  test("a tenant's features, changed from the tenants screen, reach its configuration and its admin's menu", async ({
    page,
    request,
    browser,
  }) => {
    const culture = 'es-MX';
    const api = await adminApi();
    const name = uniqueName('feat');
    const created = await expectOk(
      api.post('/api/multi-tenancy/tenants', {
        data: { name, adminEmailAddress: `admin@${name}.test`, adminPassword: tenantPassword },
      }),
    );
    const tenantId = ((await created.json()) as { id: string }).id;
    // The tenant's admin uses a browser of its own.
    const tenantContext = await browser.newContext({ baseURL: baseUrl });
    const tenantPage = await tenantContext.newPage();
    await useLanguage(tenantPage, culture);
    await signInTenantAdmin(tenantPage, name);
    const tenantMenuSettings = settingsLink(tenantPage, culture);
    // By default a tenant may not change its e-mail settings: no setting group, no Settings entry.
    await expect(tenantPage.locator('#app-sidebar nav')).toContainText(
      text(culture, 'AbpUiNavigation::Menu:Administration'),
    );
    await expect(tenantMenuSettings).toHaveCount(0);

    // The host's admin opens the tenant's features from its row on the tenants screen.
    await useLanguage(page, culture);
    await signIn(page, request);
    const dialog = await openTenantFeatures(page, culture, name);
    const allowEmail = page.getByRole('switch', {
      name: text(culture, 'AbpSettingManagement::Feature:AllowChangingEmailSettings'),
    });
    await expect(allowEmail).not.toBeChecked();
    await allowEmail.check();
    await expect(enableSwitch(page, culture)).toBeChecked();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${artifacts}/feature-management-tenant-${culture}-1280.png` });
    await dialog.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await expect(dialog).toBeHidden();
    await tenantPage.reload();
    await expect(tenantMenuSettings).toBeVisible();

    // Switching the parent off switches its child off and disables it; Settings leaves the menu.
    await openTenantFeatures(page, culture, name);
    await expect(allowEmail).toBeChecked();
    await enableSwitch(page, culture).uncheck();
    await expect(allowEmail).not.toBeChecked();
    await expect(allowEmail).toBeDisabled();
    await dialog.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
    await expect(dialog).toBeHidden();
    await tenantPage.reload();
    await expect(tenantPage.locator('#app-sidebar nav')).toBeVisible();
    await expect(tenantMenuSettings).toHaveCount(0);

    // The tenant's own application configuration carries both values.
    const anonymous = await playwrightRequest.newContext({ baseURL: baseUrl });
    const token = await requestToken(
      anonymous,
      { username: 'admin', password: tenantPassword },
      tenantId,
    );
    const configuration = await expectOk(
      anonymous.get('/api/abp/application-configuration', {
        headers: { Authorization: `Bearer ${token.access_token}`, __tenant: tenantId },
      }),
    );
    const { features } = (await configuration.json()) as {
      features: { values: Record<string, string> };
    };
    expect(features.values).toMatchObject({ [ENABLE]: 'false', [ALLOW_EMAIL]: 'false' });
    await anonymous.dispose();
    await tenantContext.close();
    await api.dispose();
  });
});
