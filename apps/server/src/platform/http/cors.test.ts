import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';

const angular = 'http://localhost:4200';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { CORS_ORIGINS: `${angular}/, https://app.example.test` } });
});
afterAll(() => testApp.close());

const preflight = (url: string, origin: string, method = 'GET') =>
  testApp.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, __tenant, content-type',
    },
  });

describe('CORS for web apps on other origins (ABP: App:CorsOrigins)', () => {
  it('answers the preflight of a configured origin, with credentials and the asked headers', async () => {
    const response = await preflight('/api/identity/users', angular, 'DELETE');
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': angular,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'authorization, __tenant, content-type',
    });
    expect(response.headers['access-control-allow-methods']).toContain('DELETE');
  });

  it("lets the script read ABP's headers, on answers and on errors", async () => {
    const answer = await testApp.app.inject({
      url: '/api/abp/application-configuration',
      headers: { origin: angular, __tenant: 'nosuch' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['access-control-allow-origin']).toBe(angular);
    const exposed = String(answer.headers['access-control-expose-headers']).split(', ');
    expect(exposed).toEqual(
      expect.arrayContaining(['_AbpErrorFormat', 'Abp-Tenant-Resolve-Error']),
    );
  });

  it('gives an origin not configured no CORS headers, on its preflight or its request', async () => {
    const refused = await preflight('/api/identity/users', 'https://evil.example.test');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const read = await testApp.app.inject({
      url: '/api/abp/application-configuration',
      headers: { origin: 'https://evil.example.test' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("leaves the sign-in server's endpoints to its own CORS, which allows the same origins", async () => {
    const token = (origin: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          client_id: 'Vineta_App',
          username: 'admin',
          password: TEST_ADMIN_PASSWORD,
          scope: 'openid Vineta',
        }).toString(),
      });
    const allowed = await token('https://app.example.test');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.test');
    const refused = await token('https://evil.example.test');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
