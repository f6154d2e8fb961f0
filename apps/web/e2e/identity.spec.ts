import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Culture, expectNoAxeViolations, required, text, uniqueName } from './support/account';
import {
  adminApi,
  answerQuestion,
  dialog,
  ok,
  openRowAction,
  resizeTo,
  search,
  shoot,
  toastError,
  toastSuccess,
} from './support/admin';
import { artifacts, failSignIn, requestToken, signIn, useLanguage } from './support/app';
import { type Ink, inkColumns } from './support/ink';
import { test } from './support/test';

const password = 'Vineta-e2e-1!';
/** `useLanguage` is no React hook; the alias keeps the hook rule quiet in plain helpers. */
const chooseLanguage = useLanguage;

async function createRole(api: APIRequestContext, name: string, permissions: string[] = []) {
  const role = await ok<{ id: string; name: string }>(
    api.post('/api/identity/roles', { data: { name, isDefault: false, isPublic: false } }),
  );
  if (permissions.length) {
    await ok(
      api.put(`/api/permission-management/permissions?providerName=R&providerKey=${name}`, {
        data: {
          permissions: permissions.map((permission) => ({ name: permission, isGranted: true })),
        },
      }),
    );
  }
  return role;
}

async function createUser(api: APIRequestContext, userName: string, roleNames: string[] = []) {
  return ok<{ id: string; userName: string }>(
    api.post('/api/identity/users', {
      data: {
        userName,
        email: `${userName}@vineta.test`,
        password,
        roleNames,
        isActive: true,
        lockoutEnabled: true,
      },
    }),
  );
}

/**
 * Eleven new roles named `<prefix>-00` to `-10`, and the roles screen (es-MX, as the admin)
 * searching for them: two pages, the first one shown. Their rows' locator.
 */
async function openElevenRoles(
  page: Page,
  request: APIRequestContext,
  api: APIRequestContext,
  prefixOf: string,
) {
  const prefix = uniqueName(prefixOf);
  for (let i = 0; i <= 10; i++) await createRole(api, `${prefix}-${String(i).padStart(2, '0')}`);
  await chooseLanguage(page, 'es-MX');
  await signIn(page, request);
  await page.goto('/identity/roles');
  await search(page, prefix);
  const rows = page.getByRole('row').filter({ hasText: prefix });
  await expect(rows).toHaveCount(10);
  return { prefix, rows };
}

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes on the page share no point. */
const apart = (a: Box, b: Box) =>
  a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x;

test.describe('identity administration', () => {
  // Whole screens with several modals each; the default 30 s is for single checks.
  test.describe.configure({ timeout: 120_000 });
  let api: APIRequestContext;
  /** Default roles outlive a test otherwise, and every user registered later would get them. */
  const defaultRoleIds: string[] = [];
  test.beforeAll(async () => {
    api = await adminApi();
  });
  test.afterAll(async () => {
    for (const id of defaultRoleIds) await ok(api.delete(`/api/identity/roles/${id}`));
    await api.dispose();
  });

  test('roles: create, search, sort, edit, permissions and delete as the admin', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    await useLanguage(page, culture);
    await signIn(page, request);
    await page.goto('/identity/roles');
    await expect(
      page.getByRole('heading', { level: 1, name: text(culture, 'AbpIdentity::Roles') }),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'admin' })).toContainText(
      text(culture, 'AbpIdentity::DisplayName:IsStatic'),
    );
    await expectNoAxeViolations(page);

    // New role
    const name = uniqueName('rol');
    await page.getByRole('button', { name: text(culture, 'AbpIdentity::NewRole') }).click();
    await expect(dialog(page)).toContainText(text(culture, 'AbpIdentity::NewRole'));
    await dialog(page)
      .getByLabel(text(culture, 'AbpIdentity::DisplayName:RoleName'), { exact: true })
      .fill(name);
    await dialog(page)
      .getByLabel(text(culture, 'AbpIdentity::DisplayName:IsDefault'), { exact: true })
      .check();
    await expectNoAxeViolations(page);
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpIdentity::Save') })
      .click();
    await expect(dialog(page)).toBeHidden();
    await expect(toastSuccess(page)).toBeVisible();

    // Search (debounced) finds it with its badge; sorting sends 'name desc'
    await search(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(text(culture, 'AbpIdentity::DisplayName:IsDefault'));
    await expect(page.getByRole('row')).toHaveCount(2);
    await search(page, '');
    const sorted = page.waitForRequest(
      (r) => r.url().includes('sorting=name+desc') || r.url().includes('sorting=name%20desc'),
    );
    const header = page.getByRole('button', { name: text(culture, 'AbpIdentity::RoleName') });
    await header.click();
    await header.click();
    await sorted;

    // Edit: unsaved changes ask before closing
    await search(page, name);
    await openRowAction(page, name, culture, text(culture, 'AbpIdentity::Edit'));
    const nameField = dialog(page).getByLabel(text(culture, 'AbpIdentity::DisplayName:RoleName'), {
      exact: true,
    });
    await expect(nameField).toHaveValue(name);
    await dialog(page)
      .getByLabel(text(culture, 'AbpIdentity::DisplayName:IsPublic'), { exact: true })
      .check();
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpUi::Cancel') })
      .click();
    await answerQuestion(page, culture, { answer: 'AbpUi::Cancel' });
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpIdentity::Save') })
      .click();
    await expect(dialog(page)).toBeHidden();
    await expect(row).toContainText(text(culture, 'AbpIdentity::DisplayName:IsPublic'));

    // Permissions: title with the role's name, grant all, a parent ticked by its child
    await openRowAction(page, name, culture, text(culture, 'AbpIdentity::Permissions'));
    await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(
      text(culture, 'AbpPermissionManagement::PermissionsFor', [name]),
    );
    const grantAll = dialog(page).getByLabel(
      text(culture, 'AbpPermissionManagement::SelectAllInAllTabs'),
    );
    await expect(grantAll).not.toBeChecked();
    await dialog(page)
      .getByRole('tab', { name: /Identity|identidad/i })
      .first()
      .click();
    const createRolePermission = dialog(page)
      .getByRole('checkbox', { name: text(culture, 'AbpIdentity::Permission:Create') })
      .first();
    await createRolePermission.check();
    await expect(
      dialog(page).getByRole('checkbox', {
        name: text(culture, 'AbpIdentity::Permission:RoleManagement'),
      }),
    ).toBeChecked();
    await expect(grantAll).toHaveJSProperty('indeterminate', true);
    await expect(dialog(page).getByRole('tab', { selected: true })).toHaveText(/\(2\)/);
    await expectNoAxeViolations(page);
    await shoot(page, `identity-permissions-${culture}`);
    const saved = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().includes('/permission-management/'),
    );
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpUi::Save') })
      .click();
    const body = (await saved).postDataJSON() as {
      permissions: { name: string; isGranted: boolean }[];
    };
    expect(body.permissions).toEqual(
      expect.arrayContaining([
        { name: 'AbpIdentity.Roles', isGranted: true },
        { name: 'AbpIdentity.Roles.Create', isGranted: true },
      ]),
    );
    expect(body.permissions).toHaveLength(2);
    await expect(dialog(page)).toBeHidden();

    // Delete with confirmation
    await openRowAction(page, name, culture, text(culture, 'AbpIdentity::Delete'));
    await answerQuestion(page, culture, {
      message: text(culture, 'AbpIdentity::RoleDeletionConfirmationMessage', [name]),
    });
    await expect(row).toHaveCount(0);
    // Focus stays in the list rather than falling back to the top of the page.
    await expect(page.getByRole('main').getByRole('table')).toBeFocused();
  });

  test('a searched, sorted and paged list survives a reload: the address keeps all of it', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const { prefix, rows } = await openElevenRoles(page, request, api, 'url');
    // Descending by name: the first page ends at -01, the second holds -00 alone.
    const sortByName = page.getByRole('button', { name: text(culture, 'AbpIdentity::RoleName') });
    await sortByName.click();
    await sortByName.click();
    await expect(rows.first()).toContainText(`${prefix}-10`);
    await page.getByRole('button', { name: text(culture, 'AbpUi::PagerNext') }).click();
    await expect(rows).toHaveText([new RegExp(`${prefix}-00`)]);
    await expect(page).toHaveURL(new RegExp(`filter=${prefix}.*sorting=name\\+desc.*page=2`));

    await page.reload();
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue(prefix);
    await expect(rows).toHaveText([new RegExp(`${prefix}-00`)]);
    await expect(page.locator('.app-pager-number [aria-current="page"]')).toHaveText('2');
  });

  test('deleting the only row of the last page goes back to the page before, with its rows', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const { prefix, rows } = await openElevenRoles(page, request, api, 'pag');
    const footer = page.locator('.app-list-footer');
    const footerHeight = async () => (await footer.boundingBox())?.height;
    const withPager = await footerHeight();
    await page.getByRole('button', { name: text(culture, 'AbpUi::PagerNext') }).click();
    const last = `${prefix}-10`;
    await expect(rows).toHaveText([new RegExp(last)]);

    await openRowAction(page, last, culture, text(culture, 'AbpIdentity::Delete'));
    await answerQuestion(page, culture);
    // Page 1 again, with its ten rows: not an empty page 2 whose pager only goes back. One
    // page left, the pager is gone.
    await expect(rows).toHaveCount(10);
    await expect(page).toHaveURL(/\/identity\/roles\?(?!.*page=)/);
    await expect(page.getByRole('main').getByText('10 en total')).toBeVisible();
    await expect(page.locator('.app-pager-number')).toHaveCount(0);
    // The footer keeps the pager's room: the card does not jump when it goes.
    expect(await footerHeight()).toBe(withPager);
    await shoot(page, 'roles-last-page-emptied', { fullPage: false });
  });

  test('users: create with roles, edit with a password, permissions by name, unlock and delete', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const defaultRole = uniqueName('def');
    const created = await ok<{ id: string }>(
      api.post('/api/identity/roles', {
        data: { name: defaultRole, isDefault: true, isPublic: false },
      }),
    );
    defaultRoleIds.push(created.id);
    await ok(
      api.put(`/api/permission-management/permissions?providerName=R&providerKey=${defaultRole}`, {
        data: { permissions: [{ name: 'AbpIdentity.Users', isGranted: true }] },
      }),
    );
    await useLanguage(page, culture);
    await signIn(page, request);
    await page.goto('/identity/users');
    await expect(
      page.getByRole('heading', { level: 1, name: text(culture, 'AbpIdentity::Users') }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const userName = uniqueName('usr');
    await page.getByRole('button', { name: text(culture, 'AbpIdentity::NewUser') }).click();
    const form = dialog(page);
    await form
      .getByLabel(text(culture, 'AbpIdentity::DisplayName:UserName'), { exact: true })
      .fill(userName);
    await form
      .getByLabel(text(culture, 'AbpIdentity::DisplayName:Name'), { exact: true })
      .fill('Ana');
    const passwordField = form.getByLabel(text(culture, 'AbpIdentity::DisplayName:Password'), {
      exact: true,
    });
    await passwordField.fill('abc');
    await expect(form.locator('.invalid-feedback')).toBeVisible();
    await form.getByRole('button', { name: text(culture, 'AbpUi::ShowPassword') }).click();
    await expect(passwordField).toHaveAttribute('type', 'text');
    await passwordField.fill(password);
    await form
      .getByLabel(text(culture, 'AbpIdentity::DisplayName:Email'), { exact: true })
      .fill(`${userName}@vineta.test`);
    await form
      .getByLabel(text(culture, 'AbpIdentity::DisplayName:PhoneNumber'), { exact: true })
      .fill('+52 55 1234 5678');
    await expect(
      form.getByLabel(text(culture, 'AbpIdentity::DisplayName:IsActive'), { exact: true }),
    ).toBeChecked();
    await expectNoAxeViolations(page);
    await form.getByRole('tab', { name: text(culture, 'AbpIdentity::Roles') }).click();
    await expect(form.getByLabel(defaultRole, { exact: true })).toBeChecked();
    await expect(form.getByLabel('admin', { exact: true })).not.toBeChecked();
    await expectNoAxeViolations(page);
    await shoot(page, `identity-user-modal-${culture}`);
    await form.getByRole('button', { name: text(culture, 'AbpIdentity::Save') }).click();
    await expect(form).toBeHidden();
    await expect(toastSuccess(page)).toBeVisible();

    await search(page, userName);
    const row = page.getByRole('row').filter({ hasText: userName });
    await expect(row).toContainText(text(culture, 'AbpIdentity::Active'));
    // A phone number reads left to right in every language (Arabic's would be reversed).
    await expect(row.getByText('+52 55 1234 5678')).toHaveAttribute('dir', 'ltr');

    // Edit: a new password, then sign in with it
    await openRowAction(page, userName, culture, text(culture, 'AbpIdentity::Edit'));
    await expect(
      form.getByLabel(text(culture, 'AbpIdentity::DisplayName:UserName'), { exact: true }),
    ).toHaveValue(userName);
    // Titled with the user it edits, which the list under the dialog no longer shows.
    await expect(form).toHaveAccessibleName(`${text(culture, 'AbpIdentity::Edit')} ${userName}`);
    await shoot(page, `identity-user-edit-${culture}`);
    await form
      .getByLabel(text(culture, 'AbpIdentity::DisplayName:Password'), { exact: true })
      .fill('Otra-Clave-2!');
    await form.getByRole('button', { name: text(culture, 'AbpIdentity::Save') }).click();
    await expect(form).toBeHidden();
    await requestToken(request, { username: userName, password: 'Otra-Clave-2!' });

    // Permissions: titled with the user name; the role's grant is ticked, disabled and badged
    await openRowAction(page, userName, culture, text(culture, 'AbpIdentity::Permissions'));
    await expect(form.getByRole('heading', { level: 2 })).toHaveText(
      text(culture, 'AbpPermissionManagement::PermissionsFor', [userName]),
    );
    await form.getByRole('tab', { name: /\(1\)/ }).click();
    const inherited = form.getByRole('checkbox', {
      name: text(culture, 'AbpIdentity::Permission:UserManagement'),
    });
    await expect(inherited).toBeChecked();
    await expect(inherited).toBeDisabled();
    await expect(form).toContainText(
      text(culture, 'AbpPermissionManagement::GrantedByRole', [defaultRole]),
    );
    await form.getByRole('button', { name: text(culture, 'AbpUi::Cancel') }).click();
    await expect(form).toBeHidden();

    // Locked out after failed sign-ins; unlock appears and clears it
    for (let attempt = 0; attempt < 5; attempt++) await failSignIn(request, userName);
    await page.reload();
    await search(page, userName);
    await expect(row).toContainText(text(culture, 'AbpIdentity::LockedOut'));
    // The status filter lists the locked-out users: this one, until it is unlocked
    const status = page.getByRole('combobox', { name: text(culture, 'Vineta::Status') });
    await status.selectOption({ label: text(culture, 'AbpIdentity::LockedOut') });
    await expect(page).toHaveURL(/[?&]status=lockedOut/);
    await expect(row).toContainText(text(culture, 'AbpIdentity::LockedOut'));
    await openRowAction(page, userName, culture, text(culture, 'AbpIdentity::Unlock'));
    await expect(row).toHaveCount(0);
    await status.selectOption({ label: text(culture, 'Vineta::AnyStatus') });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText(text(culture, 'AbpIdentity::LockedOut'));

    await openRowAction(page, userName, culture, text(culture, 'AbpIdentity::Delete'));
    await answerQuestion(page, culture, {
      message: text(culture, 'AbpIdentity::UserDeletionConfirmationMessage', [userName]),
    });
    await expect(row).toHaveCount(0);
    // Focus stays in the list rather than falling back to the top of the page.
    await expect(page.getByRole('main').getByRole('table')).toBeFocused();
  });

  test("signing a user out everywhere ends the session open in the user's own browser", async ({
    page,
    request,
    browser,
  }) => {
    const culture: Culture = 'es-MX';
    const userName = uniqueName('roamer');
    await createUser(api, userName);
    await useLanguage(page, culture);
    const elsewhere = await browser.newContext();
    try {
      const theirs = await elsewhere.newPage();
      await signIn(theirs, request, { username: userName, password });
      await theirs.goto('/account/manage');
      await expect(theirs.getByRole('tablist')).toBeVisible();

      await signIn(page, request);
      await page.goto('/identity/users');
      await search(page, userName);
      const everywhere = text(culture, 'Vineta::SignOutEverywhere');
      await openRowAction(page, userName, culture, everywhere);
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(
        text(culture, 'Vineta::SignOutEverywhereConfirmationMessage', [userName]),
      );
      await shoot(page, 'users-sign-out-everywhere', { fullPage: false });
      await confirm.getByRole('button', { name: text(culture, 'AbpUi::Yes') }).click();
      await expect(toastSuccess(page)).toContainText(
        text(culture, 'Vineta::SignedOutEverywhere', [userName]),
      );

      // Their access token is refused and so is their refresh token: the page signs them out.
      await theirs.reload();
      await expect(theirs).toHaveURL(/\/account\/login/);
      // The administrator is still signed in (the search is not kept in the address).
      await page.reload();
      await search(page, userName);
      await expect(page.getByRole('row').filter({ hasText: userName })).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });

  test("security logs: a user's failed and successful sign-ins, by user name, action and day", async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const userName = uniqueName('logged');
    await createUser(api, userName);
    await failSignIn(request, userName);
    await requestToken(request, { username: userName, password });

    await useLanguage(page, culture);
    await signIn(page, request);
    await page.goto('/identity/users');
    await page
      .getByRole('navigation')
      .getByRole('link', { name: text(culture, 'AbpIdentity::SecurityLogs') })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: text(culture, 'AbpIdentity::SecurityLogs') }),
    ).toBeVisible();
    await page
      .getByRole('textbox', { name: text(culture, 'AbpIdentity::SecurityLogs:UserName') })
      .fill(userName);
    const rows = page.getByRole('row').filter({ hasText: userName });
    await expect(rows).toHaveCount(2);
    // Newest first, each action in the reader's words.
    await expect(rows.nth(0)).toContainText(
      text(culture, 'AbpIdentity::SecurityLogs:Action:LoginSucceeded'),
    );
    await expect(rows.nth(1)).toContainText(
      text(culture, 'AbpIdentity::SecurityLogs:Action:LoginInvalidUserNameOrPassword'),
    );
    await expect(rows.nth(0)).toContainText('Vineta_App');

    await page
      .getByRole('combobox', { name: text(culture, 'AbpIdentity::SecurityLogs:Action') })
      .selectOption({ label: text(culture, 'AbpIdentity::SecurityLogs:Action:LoginSucceeded') });
    await expect(rows).toHaveCount(1);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const until = page.getByLabel(text(culture, 'AbpIdentity::SecurityLogs:EndDate'), {
      exact: true,
    });
    await until.fill(day);
    await expect(rows).toHaveCount(1);
    await page
      .getByLabel(text(culture, 'AbpIdentity::SecurityLogs:StartDate'), { exact: true })
      .fill('2000-01-01');
    await until.fill('2000-01-02');
    await expect(rows).toHaveCount(0);
    await until.fill(day);
    await expect(rows).toHaveCount(1);
    await expectNoAxeViolations(page);
    await shoot(page, 'identity-security-logs-filtered');
  });

  for (const culture of ['es-MX', 'ar'] as const) {
    test(`security logs (${culture}): a long user agent is cut, and the table fits from 1200 px up`, async ({
      page,
      request,
    }) => {
      const userName = uniqueName('agent');
      await createUser(api, userName);
      const agent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 ${userName}`;
      await ok(
        request.post('/connect/token', {
          form: {
            grant_type: 'password',
            client_id: 'Vineta_App',
            scope: 'openid profile email phone roles offline_access Vineta',
            username: userName,
            password,
          },
          headers: { 'User-Agent': agent },
        }),
      );
      await useLanguage(page, culture);
      await signIn(page, request);
      await page.goto('/identity/security-logs');
      await page
        .getByRole('textbox', { name: text(culture, 'AbpIdentity::SecurityLogs:UserName') })
        .fill(userName);
      const browser = page.getByRole('row').filter({ hasText: userName }).getByTitle(agent);
      await expect(browser).toHaveCount(1);
      const scroller = page.locator('.app-data-table-scroll');
      for (const width of [1200, 1440]) {
        await resizeTo(page, width);
        // Polled: the table takes its width a moment after the resize.
        await expect
          .poll(() => scroller.evaluate((box) => box.scrollWidth - box.clientWidth))
          .toBeLessThanOrEqual(0);
        expect(await browser.evaluate((cell) => cell.scrollWidth > cell.clientWidth)).toBe(true);
      }
      await page.screenshot({
        path: `${artifacts}/identity-security-logs-agent-${culture}-1440.png`,
        animations: 'disabled',
      });
    });
  }

  test.describe("in a browser whose language is not the app's", () => {
    test.use({ locale: 'en-US' });

    for (const culture of ['es-MX', 'ar'] as const) {
      test(`security logs (${culture}): days are typed and picked in the app's culture`, async ({
        page,
        request,
      }) => {
        const userName = uniqueName('dated');
        await createUser(api, userName);
        await requestToken(request, { username: userName, password });
        await useLanguage(page, culture);
        await signIn(page, request);
        await page.goto('/identity/security-logs');
        await page
          .getByRole('textbox', { name: text(culture, 'AbpIdentity::SecurityLogs:UserName') })
          .fill(userName);
        const rows = page.getByRole('row').filter({ hasText: userName });
        await expect(rows).toHaveCount(1);

        // dd/MM/yyyy as the table writes its dates, not the English browser's mm/dd/yyyy.
        const pad = (n: number) => String(n).padStart(2, '0');
        const written = (date: Date) =>
          `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
        const today = new Date();
        const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
        const until = page.getByLabel(text(culture, 'AbpIdentity::SecurityLogs:EndDate'), {
          exact: true,
        });
        const hint = [
          text(culture, 'Vineta::DateField:Day'),
          text(culture, 'Vineta::DateField:Month'),
          text(culture, 'Vineta::DateField:Year'),
        ].join('/');
        await expect(until).toHaveAttribute('placeholder', hint);
        await until.fill(written(yesterday));
        await expect(rows).toHaveCount(0);
        await until.fill(written(today));
        await expect(rows).toHaveCount(1);

        // Not a day: marked when left, with the pattern to follow; the list stays as it was.
        await until.fill('ayer');
        await until.blur();
        await expect(until).toHaveClass(/is-invalid/);
        await expect(until).toHaveAccessibleDescription(
          text(culture, 'Vineta::DateField:Invalid', [hint]),
        );
        // On one line: Arabic's narrow tooltip broke it after a slash.
        const error = page.locator(`[id="${await until.getAttribute('aria-describedby')}"]`);
        const lines = await error
          .getByText(hint, { exact: true })
          .evaluate((span) => span.getClientRects().length);
        expect(lines).toBe(1);
        await expect(rows).toHaveCount(1);
        await shoot(page, `identity-security-logs-invalid-day-${culture}`, { fullPage: false });
        // Written as a day the calendar does not have: said so.
        await until.fill(`31/02/${today.getFullYear()}`);
        await until.blur();
        await expect(until).toHaveAccessibleDescription(
          text(culture, 'Vineta::DateField:NoSuchDay'),
        );
        await expect(rows).toHaveCount(1);

        // The calendar speaks the app's language, opens on the field's day and picks the next
        // one with the keyboard (the next day lies to the left in Arabic).
        await until.fill(written(yesterday));
        await expect(rows).toHaveCount(0);
        // The button and its calendar say which field they are for (From and To both have one).
        const choose = `${text(culture, 'Vineta::DateField:Choose')}: ${text(culture, 'AbpIdentity::SecurityLogs:EndDate')}`;
        await page
          .locator('.app-list-filter', { has: until })
          .getByRole('button', { name: choose })
          .click();
        const calendar = page.getByRole('dialog', { name: choose });
        const month = new Intl.DateTimeFormat(culture, { month: 'long' }).format(yesterday);
        await expect(calendar.getByRole('grid')).toHaveAccessibleName(new RegExp(month));
        await expect(calendar.locator('.rdp-selected button')).toBeFocused();
        await expectNoAxeViolations(page);
        await shoot(page, `identity-security-logs-calendar-${culture}`, { fullPage: false });
        // Still open, its day still focused, after the screenshots' two resizes.
        await expect(calendar.locator('.rdp-selected button')).toBeFocused();
        // On a phone it moves sideways to stay on the screen.
        await page.setViewportSize({ width: 375, height: 800 });
        await expect
          .poll(async () => {
            const box = await calendar.boundingBox();
            return box !== null && box.x >= 0 && box.x + box.width <= 375;
          })
          .toBe(true);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.keyboard.press(culture === 'ar' ? 'ArrowLeft' : 'ArrowRight');
        await page.keyboard.press('Enter');
        await expect(calendar).toBeHidden();
        await expect(until).toHaveValue(written(today));
        await expect(until).not.toHaveClass(/is-invalid/);
        await expect(rows).toHaveCount(1);
        await expectNoAxeViolations(page);
      });
    }
  });

  test('a user with only some permissions sees only those actions; the API refuses the rest', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const roleName = uniqueName('viewer');
    await createRole(api, roleName, [
      'AbpIdentity.Roles',
      'AbpIdentity.Roles.Update',
      'AbpIdentity.Users',
    ]);
    const user = await createUser(api, uniqueName('limited'), [roleName]);
    await useLanguage(page, culture);
    await signIn(page, request, { username: user.userName, password });

    await page.goto('/identity/roles');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page.getByRole('button', { name: text(culture, 'AbpIdentity::NewRole') }),
    ).toHaveCount(0);
    await search(page, roleName);
    const row = page.getByRole('row').filter({ hasText: roleName });
    // Edit, and the role's users (the user may list users); no Permissions or Delete.
    await row.getByRole('button', { name: new RegExp(text(culture, 'AbpUi::Actions')) }).click();
    const action = (key: string) =>
      row.getByRole('button', { name: text(culture, key), exact: true });
    await expect(action('AbpIdentity::Edit')).toBeVisible();
    await expect(action('AbpIdentity::Permissions')).toHaveCount(0);
    await expect(action('AbpIdentity::Delete')).toHaveCount(0);

    // The role's users: its one member, the role chosen in the filter and kept in the address.
    await action('AbpIdentity::Users').click();
    await expect(page).toHaveURL(/\/identity\/users\?roleId=/);
    await expect(
      page.getByRole('heading', { level: 1, name: text(culture, 'AbpIdentity::Users') }),
    ).toBeVisible();
    const roleFilter = page.getByRole('combobox', { name: text(culture, 'Vineta::Role') });
    await expect(roleFilter.locator('option:checked')).toHaveText(roleName);
    const main = page.getByRole('main');
    await expect(main.getByRole('row').filter({ hasText: user.userName })).toHaveCount(1);
    await expect(main.getByRole('row').filter({ hasText: 'admin@' })).toHaveCount(0);
    await expect(
      main.getByText(text(culture, 'Vineta::ListTotal').replace('{0}', '1')),
    ).toBeVisible();
    await roleFilter.selectOption({ label: text(culture, 'Vineta::AllRoles') });
    await expect(page).toHaveURL(/\/identity\/users$/);
    await expect(main.getByRole('row').filter({ hasText: 'admin@' })).toHaveCount(1);
    await roleFilter.selectOption({ label: roleName });
    await expect(main.getByRole('row').filter({ hasText: 'admin@' })).toHaveCount(0);

    await page.goto('/identity/users');
    await expect(
      page.getByRole('heading', { level: 1, name: text(culture, 'AbpIdentity::Users') }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: text(culture, 'AbpIdentity::NewUser') }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('columnheader', { name: text(culture, 'AbpUi::Actions') }),
    ).toHaveCount(0);
    // No security logs: not in the menu, and their address is the "not authorized" screen.
    await expect(
      page
        .getByRole('navigation')
        .getByRole('link', { name: text(culture, 'AbpIdentity::SecurityLogs') }),
    ).toHaveCount(0);
    await page.goto('/identity/security-logs');
    await expect(page.getByRole('dialog')).toContainText('403');

    const { access_token } = await requestToken(request, { username: user.userName, password });
    const headers = { Authorization: `Bearer ${access_token}` };
    const refused = [
      await request.post('/api/identity/roles', { headers, data: { name: uniqueName('x') } }),
      await request.delete(`/api/identity/users/${user.id}`, { headers }),
      await request.post('/api/identity/users', {
        headers,
        data: { userName: 'x', email: 'x@x.mx', password },
      }),
      await request.get(
        `/api/permission-management/permissions?providerName=R&providerKey=${roleName}`,
        { headers },
      ),
      await request.get('/api/identity/security-logs', { headers }),
      await request.post(`/api/identity/users/${user.id}/logout`, { headers }),
    ];
    expect(refused.map((response) => response.status())).toEqual([403, 403, 403, 403, 403, 403]);
    // One's own security log needs no permission.
    const own = await request.get('/api/identity/security-logs/my', { headers });
    expect(own.status()).toBe(200);
    expect((await own.json()).items.length).toBeGreaterThan(0);
  });

  test("taking the permissions right from one's own role: saved, and no not-authorized dialog", async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const roleName = uniqueName('stepping-down');
    await createRole(api, roleName, ['AbpIdentity.Roles', 'AbpIdentity.Roles.ManagePermissions']);
    const user = await createUser(api, uniqueName('stepping'), [roleName]);
    await useLanguage(page, culture);
    await signIn(page, request, { username: user.userName, password });
    await page.goto('/identity/roles');
    await search(page, roleName);
    await openRowAction(page, roleName, culture, text(culture, 'AbpIdentity::Permissions'));
    await dialog(page)
      .getByRole('checkbox', { name: text(culture, 'AbpIdentity::Permission:ChangePermissions') })
      .first()
      .uncheck();
    const refetched: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/permission-management/')) {
        refetched.push(r.url());
      }
    });
    await dialog(page)
      .getByRole('button', { name: text(culture, 'AbpUi::Save') })
      .click();
    await expect(page.getByText(text(culture, 'AbpUi::SavedSuccessfully'))).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    // The closed dialog's grants are not read back: that answer would be a 403 of its own, shown
    // as "You are not authorized!" right after "Saved successfully".
    await page.waitForTimeout(500);
    expect(refetched).toEqual([]);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the permissions dialog greys out what the editor lacks, and shows a mightier role read-only', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    const editorRole = uniqueName('role-keeper');
    await createRole(api, editorRole, ['AbpIdentity.Roles', 'AbpIdentity.Roles.ManagePermissions']);
    const editor = await createUser(api, uniqueName('keeper'), [editorRole]);
    const blank = uniqueName('blank');
    await createRole(api, blank);
    const mighty = uniqueName('mighty');
    await createRole(api, mighty, ['AbpIdentity.Users']);
    await useLanguage(page, culture);
    await signIn(page, request, { username: editor.userName, password });
    await page.goto('/identity/roles');

    await search(page, blank);
    await openRowAction(page, blank, culture, text(culture, 'AbpIdentity::Permissions'));
    const create = dialog(page).getByRole('checkbox', {
      name: text(culture, 'AbpIdentity::Permission:Create'),
    });
    await expect(create.first()).toBeDisabled();
    await expect(create.first()).toHaveAccessibleDescription(
      text(culture, 'AbpPermissionManagement::NotHeldHint'),
    );
    await expect(
      dialog(page).getByRole('checkbox', {
        name: text(culture, 'AbpIdentity::Permission:RoleManagement'),
      }),
    ).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    await search(page, mighty);
    await openRowAction(page, mighty, culture, text(culture, 'AbpIdentity::Permissions'));
    await expect(dialog(page).getByRole('status')).toHaveText(
      text(culture, 'AbpIdentity::Volo.Abp.Identity:MorePrivilegedRole').replace('{0}', mighty),
    );
    await expect(
      dialog(page).getByRole('button', { name: text(culture, 'AbpUi::Save') }),
    ).toHaveCount(0);
  });

  for (const culture of ['es-MX', 'ar'] as Culture[]) {
    test(`on a tablet the permissions dialog has room for its groups beside them (${culture})`, async ({
      page,
      request,
    }) => {
      // From 768 px the group list sits beside the panel; Bootstrap keeps a large dialog 500 px
      // wide up to 992, where a third of it cut "Administración" in two.
      await page.setViewportSize({ width: 768, height: 900 });
      await useLanguage(page, culture);
      await signIn(page, request);
      await page.goto('/identity/roles');
      await openRowAction(page, 'admin', culture, text(culture, 'AbpIdentity::Permissions'));
      const groups = dialog(page).getByRole('tablist');
      const panel = dialog(page).getByRole('tabpanel');
      await expect(groups.getByRole('tab')).not.toHaveCount(0);
      const [modal, list, shown] = await Promise.all(
        [dialog(page), groups, panel].map((part) => part.boundingBox()),
      );
      expect(modal?.width).toBeGreaterThan(700);
      // Beside: apart, and side by side rather than one above the other.
      expect(list && shown && apart(list, shown) && list.y < shown.y + shown.height).toBe(true);
      // Every group's name whole: nothing wider than the list, which would scroll it sideways.
      expect(await groups.evaluate((list) => list.scrollWidth - list.clientWidth)).toBe(0);
      await page.screenshot({ path: `${artifacts}/identity-permissions-768-${culture}.png` });
    });
  }

  test('Escape closes a modal and focus goes back to its opener; unsaved changes are asked about first', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    await useLanguage(page, culture);
    await signIn(page, request);
    await page.goto('/identity/roles');
    const newRole = page.getByRole('button', { name: text(culture, 'AbpIdentity::NewRole') });
    await newRole.click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(newRole).toBeFocused();

    await newRole.click();
    await page.keyboard.type('sin-guardar');
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(
      text(culture, 'AbpAccount::AreYouSureYouWantToCancelEditingWarningMessage'),
    );
    // Escape on the question answers it: the form stays, and is not asked about again.
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await page.waitForTimeout(500);
    await expect(question).toBeHidden();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: text(culture, 'AbpUi::Yes') }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(newRole).toBeFocused();

    await openRowAction(page, 'admin', culture, text(culture, 'AbpIdentity::Permissions'));
    await expect(dialog(page).getByRole('tab').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test("the browser's Back asks before it takes unsaved changes away, as Escape does", async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    await useLanguage(page, culture);
    await signIn(page, request);
    await page.goto('/identity/users');
    // Into the roles through the menu: a step inside the app, which Back then retraces.
    await page
      .getByRole('complementary')
      .getByRole('link', { name: text(culture, 'AbpIdentity::Roles') })
      .click();
    await expect(page).toHaveURL(/\/identity\/roles$/);
    await page.getByRole('button', { name: text(culture, 'AbpIdentity::NewRole') }).click();
    await page.keyboard.type('sin-guardar');

    await page.goBack();
    await answerQuestion(page, culture, {
      answer: 'AbpUi::Cancel',
      message: text(culture, 'AbpAccount::AreYouSureYouWantToCancelEditingWarningMessage'),
    });
    await expect(page).toHaveURL(/\/identity\/roles$/);
    await expect(dialog(page).getByRole('textbox').first()).toHaveValue('sin-guardar');

    await page.goBack();
    await answerQuestion(page, culture);
    await expect(page).toHaveURL(/\/identity\/users$/);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('Enter on an empty new role or user shows what is missing under the fields', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    await useLanguage(page, culture);
    await signIn(page, request);
    await page.goto('/identity/roles');
    await page.getByRole('button', { name: text(culture, 'AbpIdentity::NewRole') }).click();
    const roleName = dialog(page).getByLabel(text(culture, 'AbpIdentity::RoleName'));
    await expect(roleName).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(roleName).toHaveClass(/is-invalid/);
    await expect(roleName).toHaveAccessibleDescription(required(culture));
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    await page.goto('/identity/users');
    await page.getByRole('button', { name: text(culture, 'AbpIdentity::NewUser') }).click();
    const userName = dialog(page).getByLabel(text(culture, 'AbpIdentity::DisplayName:UserName'), {
      exact: true,
    });
    await expect(userName).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(userName).toHaveAccessibleDescription(required(culture));
    await expect(
      dialog(page).getByLabel(text(culture, 'AbpIdentity::DisplayName:Password'), { exact: true }),
    ).toHaveAccessibleDescription(required(culture));
  });

  for (const culture of ['es-MX', 'ar'] as const) {
    test(`a role's long name truncates at its end before its badges, which stay in sight (${culture})`, async ({
      page,
      request,
    }) => {
      const name = `${uniqueName('largo')}-${'Supervisión-de-Contenidos-'.repeat(6)}`;
      await ok(
        api.post('/api/identity/roles', { data: { name, isDefault: false, isPublic: true } }),
      );
      await useLanguage(page, culture);
      await signIn(page, request);
      await page.goto('/identity/roles');
      await search(page, name.slice(0, 20));
      const badge = page
        .getByRole('row')
        .filter({ hasText: name.slice(0, 20) })
        .getByText(text(culture, 'AbpIdentity::DisplayName:IsPublic'), { exact: true });
      for (const width of [1280, 375]) {
        await resizeTo(page, width);
        await badge.scrollIntoViewIfNeeded();
        // The topmost thing at the badge's centre is the badge: not clipped by its cell. Polled:
        // at 375 px the closing sidebar slides away over the table for 0.2 s.
        await expect
          .poll(() =>
            badge.evaluate((element) => {
              const box = element.getBoundingClientRect();
              const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
              return box.width > 0 && top !== null && element.contains(top);
            }),
          )
          .toBe(true);
        // The name's beginning is in sight, also in Arabic: the cut is at its end.
        const nameCell = page.getByText(name, { exact: true });
        expect(
          await nameCell.evaluate((element) => {
            const range = document.createRange();
            range.setStart(element.firstChild as Node, 0);
            range.setEnd(element.firstChild as Node, 1);
            const first = range.getBoundingClientRect();
            const box = element.getBoundingClientRect();
            return first.left >= box.left - 1 && first.right <= box.right + 1;
          }),
        ).toBe(true);
      }
    });
  }

  for (const culture of ['es-MX', 'ar'] as const) {
    test(`typed text in the users list reads as typed and is cut at its end (${culture})`, async ({
      page,
      request,
    }) => {
      // Punctuation last: in a right-to-left cell "ana-" would read "-ana" unless the name takes
      // its direction from its own letters. (Not first: the name would sort before the admin's,
      // which other tests expect on the first row.)
      const word = uniqueName('ana');
      const userName = `${word}-`;
      const email = `${'muy.largo.'.repeat(6)}${word}@vineta.test`;
      await ok(
        api.post('/api/identity/users', {
          data: { userName, email, password, isActive: true, lockoutEnabled: true },
        }),
      );
      await useLanguage(page, culture);
      await signIn(page, request);
      await page.goto('/identity/users');
      await search(page, word);
      const row = page.getByRole('row').filter({ hasText: userName });
      for (const [value, cut] of [
        [userName, false],
        [email, true],
      ] as const) {
        const cell = row.getByRole('cell').filter({ hasText: value.slice(0, 12) });
        const typed = cell.getByText(value, { exact: true });
        const layout = await typed.evaluate((element) => {
          const range = document.createRange();
          range.setStart(element.firstChild as Node, 0);
          range.setEnd(element.firstChild as Node, 1);
          const first = range.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          const cellBox = (element.closest('td') as HTMLElement).getBoundingClientRect();
          return {
            firstAtLeft: Math.abs(first.left - box.left) <= 1,
            insideCell: box.left >= cellBox.left && box.right <= cellBox.right,
            cut: element.scrollWidth > element.clientWidth,
          };
        });
        // Its first character leftmost and the whole box within its cell: it reads left to right
        // from its beginning, and what does not fit is left out at its end (the ellipsis).
        expect(layout).toEqual({ firstAtLeft: true, insideCell: true, cut });
        await expect(typed).toHaveAttribute('title', value);
      }
    });
  }

  for (const culture of ['es-MX', 'ar'] as const) {
    test(`on a phone the rows' actions are cogs, and an empty list says so in sight (${culture})`, async ({
      page,
      request,
    }) => {
      await useLanguage(page, culture);
      await signIn(page, request);
      await page.goto('/identity/users');
      await resizeTo(page, 375);
      const actions = page
        .getByRole('row')
        .filter({ hasText: 'admin' })
        .getByRole('button', { name: `${text(culture, 'AbpUi::Actions')}: admin` });
      // The cog and the menu's caret: a third of the "Acciones" button's 110 px and more.
      await expect.poll(async () => (await actions.boundingBox())?.width ?? 0).toBeLessThan(50);
      // Its column, named as before, is as narrow as the cogs: 150 px and more took the values'
      // room on a phone.
      const column = page.getByRole('columnheader', { name: text(culture, 'AbpUi::Actions') });
      await expect.poll(async () => (await column.boundingBox())?.width ?? 0).toBeLessThan(70);
      // Nothing found: the whole message and its Show all within the screen's width, wrapped if
      // need be; Show all brings the users back.
      await search(page, uniqueName('nadie'));
      const message = page
        .locator('.app-data-table-empty')
        .filter({ hasText: text(culture, 'Vineta::NothingMatches') });
      await expect(message).toBeVisible();
      const box = await message.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      await page.screenshot({
        path: `${artifacts}/identity-users-empty-${culture}-375.png`,
        animations: 'disabled',
      });
      await message.getByRole('button', { name: text(culture, 'Vineta::ShowAll') }).click();
      await expect(actions).toBeVisible();
      await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('');
    });
  }

  for (const culture of ['es-MX', 'ar'] as const) {
    test(`a Latin name is shown in a form field as typed (${culture})`, async ({
      page,
      request,
    }) => {
      await useLanguage(page, culture);
      await signIn(page, request);
      await page.goto('/identity/users');
      await page.getByRole('button', { name: text(culture, 'AbpIdentity::NewUser') }).click();
      const field = dialog(page).getByLabel(text(culture, 'AbpIdentity::DisplayName:UserName'), {
        exact: true,
      });
      /** The hyphen of `typed` drawn after the word (`plain`), to its right, the word in place. */
      const expectHyphenLast = (plain: Ink, typed: Ink) => {
        expect(plain.first).toBeGreaterThanOrEqual(0);
        expect(Math.abs(typed.first - plain.first)).toBeLessThanOrEqual(1);
        expect(typed.last).toBeGreaterThan(plain.last + 2);
      };
      // In a right-to-left field without a direction of its own, "ana-" would read "-ana".
      await field.fill('ana');
      const word = await inkColumns(field);
      await field.fill('ana-');
      expectHyphenLast(word, await inkColumns(field));
      await dialog(page)
        .getByRole('button', { name: text(culture, 'AbpUi::Cancel') })
        .click();

      // The same for a role's name chosen in the users' role filter.
      const role = uniqueName('rol');
      for (const name of [role, `${role}-`]) await createRole(api, name);
      await page.reload();
      const roleFilter = page.getByRole('combobox', { name: text(culture, 'Vineta::Role') });
      await roleFilter.selectOption({ label: role });
      const plainRole = await inkColumns(roleFilter);
      await roleFilter.selectOption({ label: `${role}-` });
      expectHyphenLast(plainRole, await inkColumns(roleFilter));
    });
  }

  test('permissions that cannot be loaded: the error is told and the modal closes', async ({
    page,
    request,
  }) => {
    const culture: Culture = 'es-MX';
    await useLanguage(page, culture);
    await signIn(page, request);
    await page.route('**/api/permission-management/permissions?*', (route) =>
      route.fulfill({
        status: 400,
        headers: { _AbpErrorFormat: 'true' },
        json: { error: { code: null, message: 'No se pudo cargar.', details: null } },
      }),
    );
    await page.goto('/identity/roles');
    await openRowAction(page, 'admin', culture, text(culture, 'AbpIdentity::Permissions'));
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText('No se pudo cargar.');
    await alert.getByRole('button').click();
    // Not left behind on "Loading..." with its close button disabled.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(text(culture, 'AbpUi::LoadingWithThreeDot'))).toHaveCount(0);
  });

  for (const culture of ['es-MX', 'ar'] as const) {
    test(`user modal in ${culture}: focus kept inside and given back; an error toast clears the footer`, async ({
      page,
      request,
    }) => {
      const taken = await createUser(api, uniqueName('taken'));
      await useLanguage(page, culture);
      await signIn(page, request);
      await page.goto('/identity/users');
      const form = dialog(page);
      const focusInside = () =>
        form.evaluate((element) => element.contains(document.activeElement));
      const userNameField = form.getByLabel(text(culture, 'AbpIdentity::DisplayName:UserName'), {
        exact: true,
      });

      // Focus starts on the first field; more Tabs than the dialog has controls wrap around.
      const newUser = page.getByRole('button', { name: text(culture, 'AbpIdentity::NewUser') });
      await newUser.click();
      await expect(userNameField).toBeFocused();
      for (let press = 0; press < 25; press++) {
        await page.keyboard.press('Tab');
        expect(await focusInside()).toBe(true);
      }
      for (let press = 0; press < 5; press++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside()).toBe(true);
      }
      await form.getByRole('button', { name: text(culture, 'AbpUi::Cancel') }).click();
      await expect(form).toBeHidden();
      await expect(newUser).toBeFocused();

      // From a row's Actions menu, focus goes back to that row's Actions toggle.
      await search(page, taken.userName);
      await openRowAction(page, taken.userName, culture, text(culture, 'AbpIdentity::Edit'));
      await expect(userNameField).toHaveValue(taken.userName);
      await expect(userNameField).toBeFocused();
      await form.getByRole('button', { name: text(culture, 'AbpUi::Cancel') }).click();
      await expect(form).toBeHidden();
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: taken.userName })
          .getByRole('button', { name: new RegExp(text(culture, 'AbpUi::Actions')) }),
      ).toBeFocused();

      // A taken user name: the error toast sits above the backdrop, clear of Save and Cancel.
      await newUser.click();
      await userNameField.fill(taken.userName);
      await form
        .getByLabel(text(culture, 'AbpIdentity::DisplayName:Password'), { exact: true })
        .fill(password);
      await form
        .getByLabel(text(culture, 'AbpIdentity::DisplayName:Email'), { exact: true })
        .fill(`${uniqueName('other')}@vineta.test`);
      const save = form.getByRole('button', { name: text(culture, 'AbpIdentity::Save') });
      await save.click();
      await expect(toastError(page)).toBeVisible();
      await expect(toastError(page)).toHaveRole('alert');
      await expect(save).not.toHaveAttribute('aria-busy');
      // The message also goes under the user name, which takes focus: that is what to mend (Save,
      // disabled by the error, would have dropped focus to the page's body).
      await expect(userNameField).toBeFocused();
      await expect(userNameField).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('.app-toast-container')).toHaveAttribute('aria-live', 'polite');
      await expect(form).toBeVisible();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        const toast = await toastError(page).boundingBox();
        const footer = await form.locator('.modal-footer').boundingBox();
        if (!toast || !footer) throw new Error('no toast or no footer');
        expect(apart(toast, footer), `toast ${JSON.stringify(toast)}, footer`).toBe(true);
        // Where the dialog leaves room beside it, its close button and its tabs stay uncovered too.
        const close = await form.locator('.modal-header .btn-close').boundingBox();
        const tabs = await form.getByRole('tablist').boundingBox();
        if (!close || !tabs) throw new Error('no close button or no tabs');
        if (width >= 576) {
          expect(apart(toast, close), `toast ${JSON.stringify(toast)}`).toBe(true);
          expect(apart(toast, tabs), `toast ${JSON.stringify(toast)}`).toBe(true);
        }
        // Nothing (no backdrop) lies over the toast's centre.
        expect(
          await toastError(page).evaluate((element) => {
            const box = element.getBoundingClientRect();
            const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return top !== null && element.contains(top);
          }),
        ).toBe(true);
        await page.screenshot({
          path: `${artifacts}/user-modal-error-toast-${culture}-${width}.png`,
        });
      }
    });
  }

  /**
   * A list of several pages: at 1280 px the pager numbers the pages around the current one and
   * goes to the one pressed; at 375 px it says which page of how many instead (data-table.css).
   */
  async function expectPagerNumbersOnWideScreens(page: Page, caption: string) {
    const pager = page.getByRole('navigation', { name: caption });
    const position = pager.getByText(/^\d+ \/ \d+$/);
    const current = pager.locator('.app-pager-number [aria-current="page"]');
    await expect(current).toHaveText('1');
    await expect(position).toBeHidden();
    await pager.getByRole('button', { name: '2' }).click();
    await expect(current).toHaveText('2');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(position).toBeVisible();
    await expect(position).toHaveText(/^2 \/ \d+$/);
    await expect(current).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  for (const culture of ['es-MX', 'ar'] as const) {
    test(`screens in ${culture}: no axe violations, screenshots at 1280 and 375 px`, async ({
      page,
      request,
    }) => {
      await useLanguage(page, culture);
      // Eleven rows at least, so that the security log has a second page (sign-ins as nobody,
      // before the admin's, which is then the newest row).
      for (let i = 0; i < 11; i++) await failSignIn(request, `nobody${i}`);
      await signIn(page, request);
      const titles = {
        'security-logs': 'AbpIdentity::SecurityLogs',
        roles: 'AbpIdentity::Roles',
        users: 'AbpIdentity::Users',
      } as const;
      // Users last: the new-user modal below opens on its page.
      for (const screen of ['security-logs', 'roles', 'users'] as const) {
        await page.goto(`/identity/${screen}`);
        const title = text(culture, titles[screen]);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('row').nth(1)).toContainText('admin');
        await expectNoAxeViolations(page);
        await shoot(page, `identity-${screen}-${culture}`);
        if (screen === 'security-logs') await expectPagerNumbersOnWideScreens(page, title);
      }
      // Beside the open sidebar at 1100 px, the users' six columns of at least 150 px are wider
      // than their card: a shadow says on which edge the rest lies, and moves to the start once
      // the table is scrolled to its end.
      await page.setViewportSize({ width: 1100, height: 800 });
      const frame = page.locator('.app-data-table-frame');
      const scroller = frame.locator('.app-data-table-scroll');
      // Polled: the content takes its new width a moment after the resize (in Arabic, with only the
      // admin listed, the first reading still had the 1280-px card, and the table fitted in it).
      await expect
        .poll(() => scroller.evaluate((box) => box.scrollWidth - box.clientWidth))
        .toBeGreaterThan(0);
      await expect(frame).toHaveAttribute('data-more-end');
      await expect(frame).not.toHaveAttribute('data-more-start');
      // Scrolled to the end again until the end's mark is off: in one CI run it was back after a
      // single scroll (a table that widened afterwards is the likely cause, not confirmed).
      await expect
        .poll(async () => {
          await scroller.evaluate((box) => {
            const end = box.scrollWidth;
            box.scrollLeft = getComputedStyle(box).direction === 'rtl' ? -end : end;
          });
          return frame.getAttribute('data-more-end');
        })
        .toBeNull();
      await expect(frame).toHaveAttribute('data-more-start');
      await page.screenshot({
        path: `${artifacts}/identity-users-scrolled-${culture}-1100.png`,
        animations: 'disabled',
      });
      await page.getByRole('button', { name: text(culture, 'AbpIdentity::NewUser') }).click();
      await expect(dialog(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, `identity-new-user-${culture}`);
      await dialog(page)
        .getByRole('button', { name: text(culture, 'AbpUi::Cancel') })
        .click();
      await page.goto('/identity/roles');
      await openRowAction(page, 'admin', culture, text(culture, 'AbpIdentity::Permissions'));
      await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(
        text(culture, 'AbpPermissionManagement::PermissionsFor', ['admin']),
      );
      await expectNoAxeViolations(page);
      await shoot(page, `identity-role-permissions-${culture}`);
    });
  }
});
