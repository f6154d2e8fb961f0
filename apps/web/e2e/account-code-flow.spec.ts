import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { type Culture, text, uniqueName } from './support/account';
import { admin, clientId, registerUser, scope, useLanguage } from './support/app';
import { codeFlowUrl } from './support/ports';
import { test } from './support/test';

/**
 * The app is built for the password flow (VITE_OAUTH_FLOW is read at build time), so a page of
 * the test starts the code flow: the same oidc-client-ts, client, redirect URI and storage as
 * the app's own auth client in the code flow. From there on everything is real: the sign-in
 * server's authorize endpoint, the app's sign-in page serving the interaction, the callback page
 * trading the code, and the signed-in app.
 */
const oidcClientScript = readFileSync(
  join(
    dirname(createRequire(import.meta.url).resolve('oidc-client-ts/package.json')),
    'dist/browser/oidc-client-ts.min.js',
  ),
  'utf8',
);

async function startCodeFlow(page: Page, returnUrl: string, extra: Record<string, string> = {}) {
  await page.route('**/e2e/start-code-flow', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>start</title><script>${oidcClientScript}</script></head><body><script>
        const origin = location.origin;
        const store = new oidc.WebStorageStateStore({ store: localStorage });
        new oidc.UserManager({
          authority: origin,
          client_id: ${JSON.stringify(clientId)},
          scope: ${JSON.stringify(scope)},
          response_type: 'code',
          redirect_uri: origin + '/signin-oidc',
          post_logout_redirect_uri: origin + '/signout-callback-oidc',
          userStore: store,
          stateStore: store,
          loadUserInfo: false,
        }).signinRedirect({ state: { returnUrl: ${JSON.stringify(returnUrl)} }, extraQueryParams: ${JSON.stringify(extra)} });
      </script></body></html>`,
    }),
  );
  await page.goto('/e2e/start-code-flow');
}

/** Signs in as the seeded administrator on the sign-in page the browser is on. */
async function signInAsAdmin(page: Page, culture: Culture) {
  await page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress')).fill('admin');
  await page
    .getByLabel(text(culture, 'AbpAccount::Password'), { exact: true })
    .fill(admin.password);
  await page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }).click();
}

for (const culture of ['es-MX', 'en'] as Culture[]) {
  test.describe(`code flow (${culture})`, () => {
    test.use({ locale: culture });
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, culture);
    });

    test("the sign-in server's page is /account/login; signing in there comes back signed in", async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, uniqueName('code'));
      await startCodeFlow(page, '/account/manage');
      await expect(page).toHaveURL(/\/account\/login\?interactionId=[\w-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(culture, 'AbpAccount::Login'),
      );
      await expect(
        page.getByRole('link', { name: text(culture, 'AbpAccount::Register') }),
      ).toHaveAttribute('href', /\/account\/register\?interactionId=/);

      // A wrong password is the interaction's localized error, in a toast.
      await page
        .getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress'))
        .fill(user.username);
      const password = page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true });
      await password.fill('not-the-password');
      await page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }).click();
      await expect(page.locator('.app-toast-error')).toContainText(
        text(culture, 'AbpAccount::InvalidUserNameOrPassword'),
      );

      await password.fill(user.password);
      await page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }).click();
      await expect(page).toHaveURL(/\/account\/manage$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(culture, 'AbpAccount::MyAccount'),
      );
      await expect(page.locator('.app-topbar')).toContainText(user.username);
      const stored = await page.evaluate(
        (key) => localStorage.getItem(key),
        `oidc.user:${new URL(page.url()).origin}:${clientId}`,
      );
      expect(JSON.parse(stored ?? '{}')).toHaveProperty('access_token');
    });
  });
}

test('a login_hint fills the user name; registering inside the interaction comes back signed in', async ({
  page,
}) => {
  const culture: Culture = 'es-MX';
  await useLanguage(page, culture);
  const userName = uniqueName('hint');
  await startCodeFlow(page, '/home', { login_hint: userName });
  await expect(page).toHaveURL(/interactionId=/);
  await expect(page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress'))).toHaveValue(
    userName,
  );
  await page.getByRole('link', { name: text(culture, 'AbpAccount::Register') }).click();
  await expect(page).toHaveURL(/\/account\/register\?interactionId=/);
  await page.getByLabel(text(culture, 'AbpAccount::UserName'), { exact: true }).fill(userName);
  await page
    .getByLabel(text(culture, 'AbpAccount::EmailAddress'), { exact: true })
    .fill(`${userName}@vineta.test`);
  await page
    .getByLabel(text(culture, 'AbpAccount::Password'), { exact: true })
    .fill('Vineta-e2e-1!');
  await page.getByRole('button', { name: text(culture, 'AbpAccount::Register') }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('.app-topbar')).toContainText(userName);
});

test('a sign-in that expired while the user typed begins again and still ends signed in', async ({
  page,
  request,
}) => {
  const culture: Culture = 'es-MX';
  await useLanguage(page, culture);
  const user = await registerUser(request, uniqueName('late'));
  await startCodeFlow(page, '/account/manage');
  const userName = page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress'));
  await expect(userName).toBeVisible();
  const first = new URL(page.url()).searchParams.get('interactionId');
  // The interaction's cookies live as long as it does: the browser drops them when it expires.
  await page.context().clearCookies({ name: /^_interaction(\.sig)?$/ });

  await userName.fill(user.username);
  const password = page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true });
  await password.fill(user.password);
  await page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }).click();

  // The client's own request again: a new interaction, which says why and keeps the user name.
  await expect(page).toHaveURL(/interactionId=/);
  await expect.poll(() => new URL(page.url()).searchParams.get('interactionId')).not.toBe(first);
  await expect(page.getByText(text(culture, 'Vineta::SignInRestarted'))).toBeVisible();
  await expect(userName).toHaveValue(user.username);
  await expect(password).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('restarted-sign-in.png') });
  await password.fill(user.password);
  await page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }).click();
  await expect(page).toHaveURL(/\/account\/manage$/);
  await expect(page.locator('.app-topbar')).toContainText(user.username);
});

test("the sign-in page speaks the language the client asks for: ui_locales, or ABP's culture", async ({
  page,
}) => {
  const signInPageIn = async (culture: Culture) => {
    await expect(page).toHaveURL(/\/account\/login\?interactionId=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(culture, 'AbpAccount::Login'),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', culture);
  };
  // A browser that has chosen no language takes OpenID Connect's hint (the first tag we ship).
  await startCodeFlow(page, '/home', { ui_locales: 'ja ar' });
  await signInPageIn('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // ABP's clients send the user's language as culture and ui-culture: it wins over an earlier
  // choice, as on ABP's own server.
  await useLanguage(page, 'es-MX');
  await startCodeFlow(page, '/home', { culture: 'en', 'ui-culture': 'en' });
  await signInPageIn('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test.describe('the code-flow build (third server)', () => {
  test("/account/login goes to the sign-in server's page and comes back signed in", async ({
    page,
  }) => {
    const culture: Culture = 'es-MX';
    await useLanguage(page, culture);
    // Nothing of the password-flow app is involved: the build itself starts the code flow.
    await page.goto(`${codeFlowUrl}/account/login?returnUrl=%2Faccount%2Fmanage`);
    await expect(page).toHaveURL(
      new RegExp(`^${codeFlowUrl}/account/login\\?interactionId=[\\w-]+$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(culture, 'AbpAccount::Login'),
    );
    await signInAsAdmin(page, culture);
    await expect(page).toHaveURL(`${codeFlowUrl}/account/manage`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(culture, 'AbpAccount::MyAccount'),
    );
    await expect(page.locator('.app-topbar')).toContainText('admin');
    const stored = await page.evaluate(
      (key) => localStorage.getItem(key),
      `oidc.user:${codeFlowUrl}:${clientId}`,
    );
    expect(JSON.parse(stored ?? '{}')).toHaveProperty('refresh_token');
  });
});

test('a client on another site may post its authorization request: the session comes with it', async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, 'es-MX');
  // A client page elsewhere whose form posts a silent authorization (prompt=none) to us.
  const client = 'http://client.test';
  const postsAuthorization = (state: string) => `<!doctype html><html><body>
    <form method="post" action="${baseURL}/connect/authorize">${Object.entries({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: `${baseURL}/signin-oidc`,
      scope: 'openid',
      prompt: 'none',
      state,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join('')}</form>
    <script>document.forms[0].submit()</script></body></html>`;
  await page.route(`${client}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: postsAuthorization(route.request().url()) }),
  );
  // The answer is the client's business: it stays on the callback's address, unhandled.
  await page.route(/\/signin-oidc\?/, (route) => route.fulfill({ body: 'callback' }));
  const answerTo = async (path: string) => {
    await page.goto(`${client}${path}`);
    await page.waitForURL(/\/signin-oidc\?/);
    return new URL(page.url()).searchParams;
  };

  const signedOut = await answerTo('/before');
  expect(signedOut.get('error')).toBe('login_required');

  await startCodeFlow(page, '/home');
  await signInAsAdmin(page, 'es-MX');
  await expect(page).toHaveURL(/\/home$/);

  // A cross-site POST does not carry the SameSite=Lax session cookie; the GET it turns into does.
  const signedIn = await answerTo('/after');
  expect(signedIn.get('error')).toBeNull();
  expect(signedIn.get('code')).toBeTruthy();
  expect(signedIn.get('state')).toBe(`${client}/after`);
});
