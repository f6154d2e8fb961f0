import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizationResources } from '../../localization/resources/resources.js';
import { registerErrorHandler } from '../errors/error-handler.js';
import { createLocalizer } from '../localization/localizer.js';
import { registerJsonBodyParser } from './json-body-parser.js';

const app = Fastify({ logger: false });

beforeAll(async () => {
  registerJsonBodyParser(app);
  app.decorateRequest('culture', '');
  registerErrorHandler(app, createLocalizer(localizationResources, 'es-MX'));
  app.post('/echo', async (request) => request.body);
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: Buffer | string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': contentType }, payload });

describe('JSON body parser', () => {
  it('reads UTF-8, a byte-order mark and a charset parameter', async () => {
    const text = '{"name":"Viñeta 😀 שלום"}';
    expect((await post(text)).json()).toEqual({ name: 'Viñeta 😀 שלום' });
    expect((await post(`\uFEFF${text}`)).json()).toEqual({ name: 'Viñeta 😀 שלום' });
    expect((await post(text, 'application/json; charset=utf-8')).statusCode).toBe(200);
  });

  it('refuses invalid UTF-8 as malformed JSON instead of storing U+FFFD', async () => {
    const response = await post(Buffer.from([...Buffer.from('{"name":"inv'), 0xff, 0x22, 0x7d]));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('El cuerpo de la solicitud no es un JSON válido.');
  });

  it('keeps refusing bad JSON', async () => {
    for (const payload of ['{"name":', ' ', 'nul'])
      expect((await post(payload)).statusCode).toBe(400);
  });

  it('reads an empty body with a JSON content type as no body, as ASP.NET does', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('answers 415 to a text body, as to any body that is not JSON', async () => {
    for (const contentType of ['text/plain', 'text/plain; charset=utf-8', 'application/xml']) {
      const response = await post('{"name":"x"}', contentType);
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().error.message, contentType).toBe(
        'El tipo de contenido de la solicitud no es compatible. Envía el cuerpo como JSON.',
      );
    }
  });

  it('drops __proto__ and constructor.prototype members, as unknown members are ignored', async () => {
    const response = await post(
      '{"name":"x","__proto__":{"isAdmin":true},"extra":{"constructor":{"prototype":{"a":1}}}}',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'x', extra: {} });
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });
});
