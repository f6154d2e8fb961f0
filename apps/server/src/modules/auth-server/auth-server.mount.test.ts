import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { createTenant, passwordGrant } from '../../../test/sign-in-helpers.js';

// The provider answers only its own paths; Fastify keeps the API, the SPA and its 404s.

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'vineta-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Viñeta SPA</title>');
  t = await createTestApp({
    env: { RATE_LIMIT_TOKEN_PER_IP: '5', RATE_LIMIT_ACCOUNT_PER_IP: '3' },
    build: { webRoot },
  });
});

afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('mount', () => {
  it('serves discovery at the root and keeps Fastify routes and the SPA', async () => {
    const discovery = await t.app.inject({ url: '/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json().issuer).toBe('http://localhost:3000');

    const page = await t.app.inject({ url: '/account/login', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Viñeta SPA');
    expect((await t.app.inject({ url: '/' })).body).toContain('Viñeta SPA');

    expect((await t.app.inject({ url: '/health/live' })).statusCode).toBe(200);
    const api404 = await t.app.inject({ url: '/api/no-such-thing' });
    expect(api404.statusCode).toBe(404);
    expect(api404.headers._abperrorformat).toBe('true');
  });

  it('leaves unknown /connect paths to the provider, which answers as the API does, and /interaction to Fastify', async () => {
    for (const url of ['/connect/nothing-here', '/connect//token', '/connect/token/x']) {
      const unknown = await t.app.inject({ url, headers: { 'accept-language': 'es-MX' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers._abperrorformat).toBe('true');
      expect(unknown.json().error.message).toBe(`Ninguna ruta de la API coincide con GET ${url}.`);
    }
    const interaction = await t.app.inject({ url: '/interaction/abc' });
    expect(interaction.statusCode).toBe(303);
    expect(interaction.headers.location).toBe('/account/login?interactionId=abc');
    const details = await t.app.inject({ url: '/interaction/abc/details' });
    expect(details.statusCode).toBe(400);
    expect(details.json().error.code).toBe('Vineta:SignInExpired');
  });

  it('does not treat look-alike paths as the provider', async () => {
    const response = await t.app.inject({ url: '/connections' });
    expect(response.body).toContain('Viñeta SPA');
  });
});

describe('rate limits', () => {
  it('limits the token endpoint per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await passwordGrant(t.app, { password: 'x' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    const limited = await passwordGrant(t.app, { password: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('temporarily_unavailable');
    expect(limited.headers['retry-after']).toBeTruthy();
  });

  it('limits the account API per client address, in ABP error format', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/send-password-reset-code',
        headers: { 'accept-language': 'en' },
        payload: { email: 'someone@example.test', appName: 'Angular' },
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(204);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the per-user-name limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_TOKEN_PER_USER_NAME: '2' } });
  });
  afterAll(() => limited?.close());

  const tooMany = {
    error: 'temporarily_unavailable',
    error_description: 'Too many requests. Please wait a moment and try again.',
  };
  const waitOf = (header: unknown) => Number(header);

  it('answers as the per-IP limit does: temporarily_unavailable with Retry-After', async () => {
    for (let i = 0; i < 2; i++)
      expect((await passwordGrant(limited.app, { password: 'x' })).statusCode).toBe(400);
    const refused = await passwordGrant(limited.app, { password: 'x' });
    expect([refused.statusCode, refused.json()]).toEqual([429, tooMany]);
    expect(waitOf(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(waitOf(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // A parameter the shortcut does not know hands the request to the provider: alike there.
    const viaProvider = await limited.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: 'Vineta_App',
        username: 'admin',
        password: 'x',
        extra: '1',
      }).toString(),
    });
    expect([viaProvider.statusCode, viaProvider.json()]).toEqual([429, tooMany]);
    expect(waitOf(viaProvider.headers['retry-after'])).toBeGreaterThan(0);

    // The account API's sign-in counts the same name, and answers in ABP's format.
    const login = await limited.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'accept-language': 'en' },
      payload: { userNameOrEmailAddress: 'admin', password: 'x' },
    });
    expect([login.statusCode, login.json().error.message]).toEqual([
      429,
      tooMany.error_description,
    ]);
    expect(waitOf(login.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a name as the account lookup reads it, within its own tenant', async () => {
    await createTenant(limited.app, 'Neighbour');
    const attempt = (username: string, tenant?: string) =>
      passwordGrant(limited.app, { username, password: 'x', ...(tenant ? { tenant } : {}) });
    // A made-up tenant and another tenant spend nothing of the host's `carla`.
    for (let i = 0; i < 3; i++)
      expect((await attempt('carla', 'no-such-tenant')).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) expect((await attempt('carla', 'Neighbour')).statusCode).toBe(400);
    // Full-width letters or another case are the same name: two attempts, then 429.
    expect((await attempt('ｃａｒｌａ')).statusCode).toBe(400);
    expect((await attempt('Carla')).statusCode).toBe(400);
    expect((await attempt('carla')).statusCode).toBe(429);
  });
});
