import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/create-test-app.js';
import { WEB_CLIENT } from '../../../../test/sign-in-helpers.js';
import { POSTED_FORM_LIMIT } from './posted-requests.js';

const FORM = 'application/x-www-form-urlencoded';

const authorizationParams = () =>
  new URLSearchParams({
    client_id: WEB_CLIENT,
    response_type: 'code',
    redirect_uri: 'http://localhost:3000/signin-oidc',
    scope: 'openid profile',
    state: 'a b&c',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });

describe('a form posted to the authorization and end-session endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is sent back to the same endpoint as a GET with its parameters, so the browser repeats it with its cookies', async () => {
    const params = authorizationParams();
    const posted = await t.app.inject({
      method: 'POST',
      url: '/connect/authorize',
      headers: { 'content-type': FORM },
      payload: params.toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers['cache-control']).toBe('no-store');
    const location = new URL(posted.headers.location as string, t.config.appUrl);
    expect(location.pathname).toBe('/connect/authorize');
    expect([...location.searchParams]).toEqual([...params]);

    // The provider takes the GET as it takes any: on to the sign-in page.
    const followed = await t.app.inject({ url: `${location.pathname}${location.search}` });
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toMatch(/^\/interaction\//);
  });

  it('keeps parameters already in the URL, and the provider refuses one sent twice', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/connect/endsession?ui_locales=fr',
      headers: { 'content-type': `${FORM}; charset=UTF-8` },
      payload: 'client_id=Vineta_App&ui_locales=de',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(
      '/connect/endsession?ui_locales=fr&client_id=Vineta_App&ui_locales=de',
    );
    const followed = await t.app.inject({ url: posted.headers.location as string });
    expect(followed.statusCode).toBe(400);
    expect(followed.json()).toMatchObject({
      error: 'invalid_request',
      error_description: "'ui_locales' parameter must not be provided twice",
    });
  });

  it('is refused on the error page, in the reader’s language, when the endpoint cannot take it', async () => {
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/connect/authorize',
      headers: { 'content-type': 'application/json', 'accept-language': 'es-MX' },
      payload: JSON.stringify({ client_id: WEB_CLIENT }),
    });
    expect(asJson.statusCode).toBe(415);
    expect(asJson.headers['content-type']).toMatch(/^text\/html/);
    expect(asJson.body).toContain('<html lang="es-MX" dir="ltr">');
    expect(asJson.body).toContain('La solicitud de inicio de sesión está incompleta o ya expiró.');
    expect(asJson.body).toContain(
      'invalid_request: only application/x-www-form-urlencoded bodies are supported',
    );

    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/connect/endsession',
      headers: { 'content-type': FORM, 'accept-language': 'ar' },
      payload: `id_token_hint=${'a'.repeat(POSTED_FORM_LIMIT)}`,
    });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.body).toContain('<html lang="ar" dir="rtl">');
    expect(tooLong.body).toContain(`the form is longer than ${POSTED_FORM_LIMIT} bytes`);
  });

  it('is not taken anywhere else under the provider', async () => {
    for (const url of ['/connect/authorize/some-interaction', '/connect/userinfo-nope']) {
      const posted = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': FORM },
        payload: 'a=b',
      });
      expect(posted.statusCode, url).toBe(404);
    }
  });
});
