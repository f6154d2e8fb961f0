import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/create-test-app.js';
import { WEB_CLIENT } from '../../../../test/sign-in-helpers.js';

/** An authorization request the provider cannot send back: its redirect URI is not the client's. */
const foreignRedirect = `/connect/authorize?${new URLSearchParams({
  client_id: WEB_CLIENT,
  response_type: 'code',
  redirect_uri: 'https://elsewhere.test/callback',
  scope: 'openid',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
})}`;

describe("the sign-in server's error page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says what happened, gives the code and the way home, in the reader’s language', async () => {
    const page = await t.app.inject({
      url: foreignRedirect,
      headers: { accept: 'text/html', 'accept-language': 'es-MX' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="es-MX" dir="ltr">');
    expect(page.body).toContain('<h1>¡Ocurrió un error!</h1>');
    expect(page.body).toContain(
      '<p>La aplicación pidió regresar a una dirección que no tiene registrada, así que se detuvo el inicio de sesión.</p>',
    );
    // The provider's own words stay beside the code, for whoever reports the error.
    expect(page.body).toContain(
      '<p class="code" dir="ltr" lang="en">invalid_redirect_uri: redirect_uri did not match any of the client&#39;s registered redirect_uris</p>',
    );
    expect(page.body).toContain(
      `<a class="button" href="${t.config.appUrl}">Ir a la página de inicio</a>`,
    );
    // The issuer (`iss`, which is APP_URL) is the client's business: the address is only the link's.
    expect(page.body.split(t.config.appUrl)).toHaveLength(2);
  });

  it('is mirrored for a right-to-left language, the technical line kept left to right', async () => {
    const page = await t.app.inject({
      url: foreignRedirect,
      headers: { accept: 'text/html', 'accept-language': 'ar' },
    });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('الانتقال إلى الصفحة الرئيسية');
    expect(page.body).toContain('<p class="code" dir="ltr" lang="en">invalid_redirect_uri: ');
  });

  it('speaks the language the client asks for with ui_locales, unless the user chose one', async () => {
    const hinted = await t.app.inject({
      url: `${foreignRedirect}&ui_locales=ja%20fr-CA`,
      headers: { accept: 'text/html', 'accept-language': 'es-MX' },
    });
    expect(hinted.body).toContain('<html lang="fr" dir="ltr">');
    expect(hinted.body).toContain('L&#39;application a demandé à revenir à une adresse');

    const chosen = await t.app.inject({
      url: `${foreignRedirect}&ui_locales=fr`,
      headers: { accept: 'text/html', cookie: '.AspNetCore.Culture=c%3Dde%7Cuic%3Dde' },
    });
    expect(chosen.body).toContain('<html lang="de" dir="ltr">');
  });

  it('explains an unknown client and an expired sign-in', async () => {
    const unknownClient = await t.app.inject({
      url: foreignRedirect.replace(WEB_CLIENT, 'Nobody_App'),
      headers: { accept: 'text/html', 'accept-language': 'en' },
    });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.body).toContain(
      '<p>The application that sent you here is not registered with this sign-in service.</p>',
    );
    expect(unknownClient.body).toContain('<p class="code" dir="ltr" lang="en">invalid_client: ');

    // An expired or foreign interaction: the resume path without its cookie.
    const expired = await t.app.inject({
      url: '/connect/authorize/no-such-interaction',
      headers: { accept: 'text/html', 'accept-language': 'en' },
    });
    expect(expired.body).toContain(
      '<p>The sign-in request is incomplete or has expired. Go back to the application and sign in again.</p>',
    );
  });

  it('lets exactly its own style through the Content-Security-Policy, and no script', async () => {
    const page = await t.app.inject({ url: foreignRedirect, headers: { accept: 'text/html' } });
    const style = /<style>([^<]*)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(style).not.toBe('');
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    const policy = String(page.headers['content-security-policy']);
    expect(policy.split(';')).toContain(`style-src 'self' ${hash}`);
    expect(policy.split(';')).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
  });
});
