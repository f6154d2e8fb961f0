import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { WEB_CLIENT } from '../../../test/sign-in-helpers.js';

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
      '<p>redirect_uri did not match any of the client&#39;s registered redirect_uris</p>',
    );
    expect(page.body).toContain('<p class="code">invalid_redirect_uri</p>');
    expect(page.body).toContain(
      `<a class="button" href="${t.config.appUrl}">Ir a la página de inicio</a>`,
    );
    // The issuer (`iss`, which is APP_URL) is the client's business: the address is only the link's.
    expect(page.body.split(t.config.appUrl)).toHaveLength(2);
  });

  it('is mirrored for a right-to-left language', async () => {
    const page = await t.app.inject({
      url: foreignRedirect,
      headers: { accept: 'text/html', 'accept-language': 'ar' },
    });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('الانتقال إلى الصفحة الرئيسية');
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
