import { expect, it } from 'vitest';
import { createTestApp } from '../../../test/create-test-app.js';

it("answers a request that comes while the instance closes with ABP's 503 and Retry-After", async () => {
  const t = await createTestApp();
  // The request is under way (its body not yet sent) when close() begins.
  const closing = t.close();
  const response = await t.app.inject({
    url: '/api/abp/application-configuration',
    headers: { 'accept-language': 'es-MX' },
  });
  await closing;
  expect(response.statusCode).toBe(503);
  expect(response.headers).toMatchObject({
    'retry-after': '5',
    connection: 'close',
    _abperrorformat: 'true',
  });
  expect(response.json().error.message).toBe(
    'El servicio no está disponible por el momento. Vuelve a intentarlo en unos instantes.',
  );
});
