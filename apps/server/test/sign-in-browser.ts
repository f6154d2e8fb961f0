import * as client from 'openid-client';
import { CookieJar, FULL_SCOPE } from './sign-in-helpers.js';

/**
 * What a browser does for the code flow, by hand: follows nothing on its own (`redirect: manual`),
 * keeps the cookies, and sends the headers the web app's sign-in page sends (`headers`, e.g. the
 * `__tenant` header of the tenant box).
 */
export class SignInBrowser {
  readonly jar = new CookieJar();

  constructor(
    readonly origin: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, this.origin).toString();
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    const cookie = this.jar.headerFor(absolute);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(absolute, { ...init, headers, redirect: 'manual' });
    this.jar.store(response.headers.getSetCookie());
    return response;
  }

  /** A JSON call of the sign-in page, with the antiforgery header a same-origin page can set. */
  post(url: string, body: unknown): Promise<Response> {
    return this.go(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        requestverificationtoken: this.jar.get('XSRF-TOKEN') ?? '',
      },
      body: JSON.stringify(body),
    });
  }
}

/**
 * A code-flow authorization with PKCE begun in `browser`: the provider's answer (straight back to
 * the client with a code, or on to the sign-in interaction), and what the code exchange needs.
 */
export async function startAuthorization(
  browser: SignInBrowser,
  config: client.Configuration,
  redirectUri: string,
  /** More authorization parameters (`ui_locales`, ABP's `culture`). */
  extra: Record<string, string> = {},
) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: FULL_SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  const response = await browser.go(url.toString());
  return { response, verifier, state };
}
