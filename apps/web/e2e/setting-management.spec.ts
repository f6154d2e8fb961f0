import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import {
  freePort,
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
  waitFor,
} from '../../server/test/smtp-test-server';
import {
  type Culture,
  expectNoAxeViolations,
  signInToTenant,
  text,
  uniqueName,
} from './support/account';
import { adminApi, ok, shoot } from './support/admin';
import { registerUser, signIn, useLanguage } from './support/app';
import { smtpPort } from './support/ports';
import { test } from './support/test';

/**
 * The Settings screen's Emailing group against the real server, and test e-mails arriving at
 * this spec's own SMTP server (on E2E_SMTP_PORT, where the app's configuration points), which
 * requires a login: the saved credentials are what gets it through.
 */
const smtpLogin = { user: 'mailer', pass: 'Smtp-e2e-S3cret!' };
const emailingUrl = '/api/setting-management/emailing';
let smtp: SmtpTestServer;
let api: APIRequestContext;
/** The host's values before this spec, put back afterwards for the specs that run later. */
let original: Record<string, unknown>;

test.beforeAll(async () => {
  smtp = await startSmtpTestServer({ port: smtpPort, auth: smtpLogin });
  api = await adminApi();
  original = await ok(api.get(emailingUrl));
});
test.afterAll(async () => {
  await ok(api.post(emailingUrl, { data: original }));
  await api.dispose();
  await smtp?.close();
});

/** The Emailing form's fields, found by their labels as a person finds them. */
function emailing(page: Page, culture: Culture) {
  const field = (key: string) =>
    page.getByLabel(text(culture, `AbpSettingManagement::${key}`), { exact: true });
  return {
    displayName: field('DefaultFromDisplayName'),
    fromAddress: field('DefaultFromAddress'),
    host: field('SmtpHost'),
    port: field('SmtpPort'),
    enableSsl: field('SmtpEnableSsl'),
    defaultCredentials: field('SmtpUseDefaultCredentials'),
    domain: field('SmtpDomain'),
    userName: field('SmtpUserName'),
    password: field('SmtpPassword'),
    save: page.getByRole('button', { name: text(culture, 'AbpUi::Save'), exact: true }),
    sendTest: page.getByRole('button', {
      name: text(culture, 'AbpSettingManagement::SendTestEmail'),
    }),
  };
}

async function openSettings(page: Page, culture: Culture) {
  await page.goto('/setting-management');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text(culture, 'AbpSettingManagement::Settings'),
  );
  await expect(
    page.getByRole('tab', { name: text(culture, 'AbpSettingManagement::Menu:Emailing') }),
  ).toHaveAttribute('aria-selected', 'true');
  const form = emailing(page, culture);
  await expect(form.displayName).toBeVisible();
  return form;
}

/** Saves working credentials for this spec's SMTP server through the screen. */
async function saveWorkingSettings(page: Page, culture: Culture, displayName: string) {
  const form = await openSettings(page, culture);
  await form.displayName.fill(displayName);
  await form.fromAddress.fill('noreply@vineta.test');
  await form.host.fill('127.0.0.1');
  await form.port.fill(String(smtpPort));
  await form.defaultCredentials.uncheck();
  await form.userName.fill(smtpLogin.user);
  await form.password.fill(smtpLogin.pass);
  await form.save.click();
  await expect(
    page.getByText(text(culture, 'AbpSettingManagement::SuccessfullySaved')),
  ).toBeVisible();
  return form;
}

/** Clicks Save and waits for the server to have stored the values. */
async function saveAndWait(page: Page, save: Locator) {
  const response = page.waitForResponse(
    (answer) => answer.request().method() === 'POST' && answer.url().endsWith(emailingUrl),
  );
  await save.click();
  expect((await response).status()).toBe(204);
}

test.describe('settings: emailing (es-MX)', () => {
  const culture: Culture = 'es-MX';
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page, request }) => {
    await useLanguage(page, culture);
    await signIn(page, request);
  });

  test('domain, user name and password collapse in 200 ms, linearly, while default credentials is checked', async ({
    page,
  }) => {
    const form = await openSettings(page, culture);
    const credentials = [form.domain, form.userName, form.password];
    const section = page.getByTestId('email-credentials');
    await expect(section).toHaveCSS('transition-duration', /^0\.2s/);
    await expect(section).toHaveCSS('transition-timing-function', /^linear/);

    await form.defaultCredentials.check();
    for (const field of credentials) await expect(field).toBeHidden();
    await form.defaultCredentials.uncheck();
    for (const field of credentials) await expect(field).toBeVisible();
    await form.defaultCredentials.check();
    for (const field of credentials) await expect(field).toBeHidden();

    // Reduced motion: no animation, the same end states.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(section).toHaveCSS('transition-duration', /^0s/);
    await form.defaultCredentials.uncheck();
    for (const field of credentials) await expect(field).toBeVisible();
  });

  test('required fields: the errors show under them and nothing is sent', async ({ page }) => {
    const form = await openSettings(page, culture);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(emailingUrl))
        posts.push(request.url());
    });
    await form.displayName.fill('');
    await form.fromAddress.fill('');
    await form.port.fill('');
    await form.save.click();
    const required = text(culture, 'AbpValidation::ThisFieldIsRequired.');
    for (const field of [form.displayName, form.fromAddress, form.port]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(required);
    }
    await form.fromAddress.fill('no-es-correo');
    await expect(form.fromAddress).toHaveAccessibleDescription(
      text(culture, 'AbpValidation::Validation:Email'),
    );
    await form.port.fill('70000');
    await expect(form.port).toHaveAccessibleDescription(
      text(culture, 'AbpValidation::Validation:Max', { max: 65535, actual: 70000 }),
    );
    expect(posts).toEqual([]);
  });

  test('save: one request for a double click, the toast, the saved values read back, the password kept', async ({
    page,
  }) => {
    const form = await saveWorkingSettings(page, culture, 'Viñeta pruebas');
    // After the reload the password field is empty again and says one is stored.
    await expect(form.password).toHaveValue('');
    await expect(form.password).toHaveAccessibleDescription(
      text(culture, 'AbpSettingManagement::SmtpPasswordIsStored'),
    );

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(emailingUrl))
        posts.push(request.url());
    });
    await form.displayName.fill('Viñeta Cuentos');
    await form.enableSsl.check();
    await form.enableSsl.uncheck();
    await form.domain.fill('CUENTOS');
    await form.save.dblclick();
    await expect(
      page.getByText(text(culture, 'AbpSettingManagement::SuccessfullySaved')),
    ).toHaveCount(1);
    expect(posts).toHaveLength(1);

    await page.reload();
    const reloaded = await openSettings(page, culture);
    await expect(reloaded.displayName).toHaveValue('Viñeta Cuentos');
    await expect(reloaded.fromAddress).toHaveValue('noreply@vineta.test');
    await expect(reloaded.port).toHaveValue(String(smtpPort));
    await expect(reloaded.defaultCredentials).not.toBeChecked();
    await expect(reloaded.domain).toHaveValue('CUENTOS');
    await expect(reloaded.userName).toHaveValue(smtpLogin.user);
    await expect(reloaded.password).toHaveValue('');
    const stored = await ok<{ hasSmtpPassword: boolean; smtpPassword: string }>(
      api.get(emailingUrl),
    );
    expect(stored).toMatchObject({ hasSmtpPassword: true, smtpPassword: '' });
    // The domain goes in front of the user name ('CUENTOS\mailer'): put it back for the next tests.
    await reloaded.domain.fill('');
    await reloaded.save.click();
    await expect(
      page.getByText(text(culture, 'AbpSettingManagement::SuccessfullySaved')),
    ).toBeVisible();
  });

  test('send test e-mail: the mail arrives with the typed subject and body', async ({ page }) => {
    const form = await saveWorkingSettings(page, culture, 'Viñeta');
    await form.sendTest.click();
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    const field = (key: string) =>
      modal.getByLabel(text(culture, `AbpSettingManagement::${key}`), { exact: true });
    // ABP's defaults: the default from address, the user's own address, a numbered subject.
    await expect(field('SenderEmailAddress')).toHaveValue('noreply@vineta.test');
    await expect(field('TargetEmailAddress')).toHaveValue(/@/);
    await expect(field('Subject')).toHaveValue(
      new RegExp(text(culture, 'AbpSettingManagement::TestEmailSubject', ['\\d{4}'])),
    );
    await expect(field('Body')).toHaveValue(text(culture, 'AbpSettingManagement::TestEmailBody'));
    await expectNoAxeViolations(page);

    const target = `${uniqueName('prueba')}@vineta.test`;
    await field('TargetEmailAddress').fill(target);
    await field('Subject').fill('Prueba de configuración ñ');
    await field('Body').fill('Hola desde la pantalla de configuración.\nSegunda línea.');
    // Enter in a field sends (after the 200 ms debounce), as a click on Send would.
    await field('Subject').press('Enter');
    await expect(
      page.getByText(text(culture, 'AbpSettingManagement::SuccessfullySent')),
    ).toBeVisible();
    await expect(modal).toBeHidden();

    const mail = await waitFor<ReceivedMail>(
      () => smtp.received.findLast((received) => received.to.includes(target)),
      { timeoutMs: 15_000 },
    );
    expect(mail.from).toBe('noreply@vineta.test');
    expect(mail.user).toBe(smtpLogin.user);
    expect(mail.headers.subject).toBe('Prueba de configuración ñ');
    expect(mail.text).toBe('Hola desde la pantalla de configuración.\nSegunda línea.');
  });

  test('a failing SMTP server: its own error is shown, or why it was not reached; the modal stays open', async ({
    page,
  }) => {
    const form = await saveWorkingSettings(page, culture, 'Viñeta');
    // A wrong password: the SMTP server's reply.
    const saved = page.getByText(text(culture, 'AbpSettingManagement::SuccessfullySaved'));
    await form.password.fill('not-the-password');
    await saveAndWait(page, form.save);
    // The first save's toast may still be there.
    await expect(saved.last()).toBeVisible();
    await form.sendTest.click();
    const modal = page.getByRole('dialog');
    const send = modal.getByRole('button', { name: text(culture, 'AbpSettingManagement::Send') });
    await send.click();
    const alert = modal.getByRole('alert');
    await expect(alert).toContainText(
      text(culture, 'AbpSettingManagement::Volo.Abp.SettingManagement:SmtpSendFailed', ['']),
    );
    await expect(alert).toContainText('Invalid username or password (test server)');
    await expect(alert).not.toContainText('not-the-password');
    await shoot(page, `setting-management-test-email-failed-${culture}`, { fullPage: false });
    await modal.getByRole('button', { name: text(culture, 'AbpUi::Cancel') }).click();
    await expect(modal).toBeHidden();

    // A wrong port: nobody answers there.
    const closedPort = await freePort();
    await form.port.fill(String(closedPort));
    await form.password.fill(smtpLogin.pass);
    await saveAndWait(page, form.save);
    await expect(form.port).toHaveValue(String(closedPort));
    await form.sendTest.click();
    await send.click();
    // Said in the page's language, naming the server, not a socket error's code.
    await expect(alert).toHaveText(
      text(culture, 'Vineta::SmtpConnectionRefused', [`127.0.0.1:${closedPort}`]),
    );
    await expect(modal).toBeVisible();
    await shoot(page, `setting-management-test-email-refused-${culture}`, { fullPage: false });
  });

  test('remove the stored password: the field is disabled, then the option is gone', async ({
    page,
  }) => {
    const form = await saveWorkingSettings(page, culture, 'Viñeta');
    const remove = page.getByLabel(text(culture, 'AbpSettingManagement::RemoveStoredSmtpPassword'));
    await remove.check();
    await expect(form.password).toBeDisabled();
    await saveAndWait(page, form.save);
    await expect(remove).toBeHidden();
    await expect(form.password).toBeEnabled();
    await expect(form.password).not.toHaveAccessibleDescription(
      text(culture, 'AbpSettingManagement::SmtpPasswordIsStored'),
    );
    const stored = await ok<{ hasSmtpPassword: boolean }>(api.get(emailingUrl));
    expect(stored.hasSmtpPassword).toBe(false);
    // Put the working password back for the tests after this one.
    await saveWorkingSettings(page, culture, 'Viñeta');
  });
});

test('settings in English: the labels, and the toast after saving', async ({ page, request }) => {
  const culture: Culture = 'en';
  await useLanguage(page, culture);
  await signIn(page, request);
  const form = await saveWorkingSettings(page, culture, 'Viñeta');
  await expect(form.defaultCredentials).not.toBeChecked();
  await expect(form.password).toHaveAccessibleDescription(
    'A password is stored. Leave this empty to keep it.',
  );
});

test.describe('settings: who sees them', () => {
  test('a user who administers roles but not e-mail has no Settings entry', async ({
    page,
    request,
  }) => {
    await useLanguage(page, 'es-MX');
    // Registered, then given a role that grants roles management and nothing of the settings.
    const user = await registerUser(request, uniqueName('sinconfig'));
    const roleName = uniqueName('roles');
    await ok(api.post('/api/identity/roles', { data: { name: roleName } }));
    await ok(
      api.put(`/api/permission-management/permissions?providerName=R&providerKey=${roleName}`, {
        data: { permissions: [{ name: 'AbpIdentity.Roles', isGranted: true }] },
      }),
    );
    const found = await ok<{ items: { id: string }[] }>(
      api.get(`/api/identity/users?filter=${user.username}`),
    );
    const account = found.items[0];
    if (!account) throw new Error(`user ${user.username} not found`);
    await ok(
      api.put(`/api/identity/users/${account.id}/roles`, { data: { roleNames: [roleName] } }),
    );

    await signIn(page, request, user);
    await page.goto('/home');
    const menu = page.locator('#app-sidebar nav');
    await expect(menu.getByRole('link', { name: 'Roles', exact: true })).toBeVisible();
    await expect(
      menu.getByRole('link', { name: text('es-MX', 'AbpSettingManagement::Settings') }),
    ).toHaveCount(0);
  });

  test("a tenant's administrator sees Emailing only once the host allows it", async ({ page }) => {
    const culture: Culture = 'es-MX';
    const name = uniqueName('cuentos');
    const password = 'Vineta-e2e-1!';
    const tenant = await ok<{ id: string }>(
      api.post('/api/multi-tenancy/tenants', {
        data: { name, adminEmailAddress: `admin@${name}.test`, adminPassword: password },
      }),
    );
    await useLanguage(page, culture);
    // Through the screens: choose the tenant, then sign in as its administrator.
    await signInToTenant(page, culture, name, password);

    const menu = page.locator('#app-sidebar nav');
    const settingsLink = menu.getByRole('link', {
      name: text(culture, 'AbpSettingManagement::Settings'),
    });
    await page.goto('/home');
    await expect(menu.getByRole('link', { name: 'Inicio', exact: true })).toBeVisible();
    await expect(settingsLink).toHaveCount(0);

    await ok(
      api.put(`/api/feature-management/features?providerName=T&providerKey=${tenant.id}`, {
        data: {
          features: [{ name: 'SettingManagement.AllowChangingEmailSettings', value: 'true' }],
        },
      }),
    );
    await page.reload();
    await expect(settingsLink).toBeVisible();
    await settingsLink.click();
    const form = emailing(page, culture);
    // The tenant reads the host's values until it saves its own.
    await expect(form.displayName).toBeVisible();
    await expect(form.port).toHaveValue(/\d+/);
  });
});

test.describe('settings: screenshots and accessibility', () => {
  for (const culture of ['es-MX', 'ar'] as const) {
    test(`${culture}: screenshots at 1280 and 375 px, no axe-core violations`, async ({
      page,
      request,
    }) => {
      await useLanguage(page, culture);
      await signIn(page, request);
      const form = await openSettings(page, culture);
      await form.defaultCredentials.uncheck();
      await expect(form.password).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, `setting-management-emailing-${culture}`);
      await form.sendTest.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, `setting-management-test-email-${culture}`, { fullPage: false });
    });
  }
});
