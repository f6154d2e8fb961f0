import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';

let test: TestApp;
let webRoot: string;
/** Errors the app met while answering, sent or not (a reply already sent hides a second one). */
const errors: Error[] = [];

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'vineta-spa-'));
  mkdirSync(join(webRoot, 'assets'));
  // The web app's own page: the server rewrites parts of it (boot-page.ts).
  copyFileSync(
    join(import.meta.dirname, '../../../../web/index.html'),
    join(webRoot, 'index.html'),
  );
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(webRoot, 'assets', 'gone-def456.svg'), '<svg/>');
  test = await createTestApp({ build: { webRoot } });
  test.app.addHook('onError', (_request, _reply, error, done) => {
    errors.push(error);
    done();
  });
});
afterAll(async () => {
  await test.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves hashed assets for a year', async () => {
    const response = await test.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html for deep links, never cached', async () => {
    for (const url of ['/', '/identity/users', '/account/login?returnUrl=%2Fhome']) {
      const response = await test.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the page to GET and HEAD of the root and of deep links, without an error', async () => {
    errors.length = 0;
    for (const url of ['/', '/identity/users']) {
      const page = await test.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
      const head = await test.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(head.body, url).toBe('');
    }
    expect(errors.map((error) => error.message)).toEqual([]);
  });

  it('keeps the API, health and documentation out of the SPA fallback', async () => {
    for (const url of ['/api/does-not-exist', '//api//identity/users']) {
      const response = await test.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.message, url).toBeTruthy();
    }
  });

  it('answers 404 for a build file that is not there, not the page', async () => {
    const response = await test.app.inject({
      url: '/assets/index-old999.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('answers 404 for a build file removed since the start (a deploy or a rebuild in place)', async () => {
    rmSync(join(webRoot, 'assets', 'gone-def456.svg'));
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await test.app.inject({ method, url: '/assets/gone-def456.svg' });
      // Not 405: its route answers GET; the file is what is missing.
      expect(response.statusCode, method).toBe(404);
      expect(response.headers.allow, method).toBeUndefined();
    }
  });

  it("answers the page in the request's culture: its language, direction and loading text", async () => {
    const page = (headers: Record<string, string>) =>
      test.app.inject({ url: '/identity/users', headers }).then((response) => response.body);
    const spanish = await page({});
    expect(spanish).toContain('<html lang="es-MX" dir="ltr">');
    expect(spanish).toMatch(/class="app-boot-label">Cargando\.\.\.</);

    const arabic = await page({ cookie: '.AspNetCore.Culture=c%3Dar%7Cuic%3Dar' });
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toMatch(/class="app-boot-label">جارٍ التحميل\.\.\.</);

    const english = await page({ 'accept-language': 'en-US,en;q=0.9' });
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toMatch(/class="app-boot-label">Loading\.\.\.</);
    // The rest of the page is the built one.
    expect(arabic.replace(/<html[^>]*>/, '').replace(/app-boot-label">[^<]*/, '')).toBe(
      spanish.replace(/<html[^>]*>/, '').replace(/app-boot-label">[^<]*/, ''),
    );
  });

  it('sends security headers', async () => {
    const response = await test.app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});
