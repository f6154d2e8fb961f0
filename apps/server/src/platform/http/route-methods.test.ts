import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, culture = 'en') =>
  test.app.inject({ method, url, headers: { 'accept-language': culture } });

describe('a method the path does not answer', () => {
  it("answers ASP.NET's 405 with the methods the path allows", async () => {
    const response = await call('DELETE', '/api/identity/roles');
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
    expect(response.headers._abperrorformat).toBe('true');
    expect(response.json().error.message).toBe(
      'The endpoint /api/identity/roles does not accept DELETE.',
    );
  });

  it('matches paths with values and trailing slashes as the routes do', async () => {
    const id = crypto.randomUUID();
    const response = await call('PATCH', `/api/identity/roles/${id}/?x=1`);
    expect([response.statusCode, response.headers.allow]).toEqual([405, 'GET, HEAD, PUT, DELETE']);
    expect(response.json().error.message).toBe(
      `The endpoint /api/identity/roles/${id}/ does not accept PATCH.`,
    );
  });

  it('is told in the request culture', async () => {
    const response = await call('POST', '/api/abp/application-configuration', 'es-MX');
    expect(response.statusCode).toBe(405);
    expect(response.json().error.message).toBe(
      'La ruta /api/abp/application-configuration de la API no acepta POST.',
    );
  });

  it('leaves a path that no method answers a 404', async () => {
    const response = await call('GET', '/api/identity/nothing');
    expect([response.statusCode, response.headers.allow]).toEqual([404, undefined]);
    expect(response.json().error.message).toBe('No endpoint matches GET /api/identity/nothing.');
  });
});
