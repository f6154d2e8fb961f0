import { requiredString } from '@vineta/contracts/common/fields';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizationResources } from '../../localization/resources/resources.js';
import { createLocalizer } from '../localization/localizer.js';
import {
  AuthorizationError,
  BusinessError,
  ConcurrencyError,
  EntityNotFoundError,
} from './business-error.js';
import { frameworkErrorHandler, registerErrorHandler } from './error-handler.js';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('culture', '');
  app.addHook('onRequest', async (request) => {
    request.culture = (request.headers['accept-language'] as string | undefined) ?? '';
  });
  registerErrorHandler(app, createLocalizer(localizationResources, 'es-MX'));
  app.get('/duplicate', async () => {
    throw new BusinessError('Volo.Abp.Identity:DuplicateUserName', {
      status: 409,
      data: { 0: 'ana' },
    });
  });
  app.get('/stale', async () => {
    throw new ConcurrencyError();
  });
  app.get('/missing', async () => {
    throw new EntityNotFoundError('IdentityUser', '42');
  });
  app.get('/anonymous', async () => {
    throw new AuthorizationError(false);
  });
  app.get('/forbidden', async () => {
    throw new AuthorizationError(true, 'AbpIdentity.Users');
  });
  app.get('/crash', async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
  app.post(
    '/validate',
    { schema: { body: z.object({ userName: z.string().min(1).max(5), email: z.email() }) } },
    async () => ({}),
  );
  app.get(
    '/sorted',
    {
      schema: {
        querystring: z.object({
          sorting: z.string().regex(/^\w+( (asc|desc))?$/i),
          id: z.guid().optional(),
        }),
      },
    },
    async () => ({}),
  );
  app.post(
    '/required',
    { schema: { body: z.object({ userName: requiredString(5), nickname: requiredString(5) }) } },
    async () => ({}),
  );
  app.post('/small', { bodyLimit: 16 }, async () => ({}));
  await app.ready();
});
afterAll(() => app.close());

const call = async (url: string, culture = 'en', payload?: unknown) => {
  const response = await app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { 'accept-language': culture },
    ...(payload ? { payload: payload as object } : {}),
  });
  expect(response.headers._abperrorformat).toBe('true');
  return { status: response.statusCode, error: response.json().error };
};

describe('error bodies', () => {
  it('logs a refusal with its policy and the user, which the answer does not carry', async () => {
    const lines: Record<string, unknown>[] = [];
    const logged = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    logged.decorateRequest('culture', '');
    logged.decorateRequest('currentUser', null);
    logged.addHook('onRequest', async (request) => {
      request.currentUser = { id: 'user-1' } as typeof request.currentUser;
    });
    registerErrorHandler(logged, createLocalizer(localizationResources, 'es-MX'));
    logged.get('/forbidden', async () => {
      throw new AuthorizationError(true, 'AbpIdentity.Users');
    });
    expect((await logged.inject('/forbidden')).statusCode).toBe(403);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'authorization refused',
        policy: 'AbpIdentity.Users',
        userId: 'user-1',
      }),
    );
    await logged.close();
  });

  it("localizes a business error's code with its data", async () => {
    const english = await call('/duplicate');
    expect(english).toMatchObject({
      status: 409,
      error: {
        code: 'Volo.Abp.Identity:DuplicateUserName',
        message: "Username 'ana' is already taken.",
      },
    });
    const spanish = await call('/duplicate', 'es-MX');
    expect(spanish.error.message).toContain('ana');
    expect(spanish.error.message).not.toBe(english.error.message);
  });

  it('isolates the values of a message in a right-to-left culture, and only there', async () => {
    const arabic = await call('/duplicate', 'ar');
    expect(arabic.error.message).toContain('\u2068ana\u2069');
    const invalid = await call('/validate', 'ar', { userName: 'toolong', email: 'x@y.z' });
    expect(invalid.error.validationErrors[0].message).toContain('\u20685\u2069');
    expect((await call('/duplicate', 'es-MX')).error.message).not.toMatch(/[\u2068\u2069]/);
  });

  it('answers 409 for a stale concurrency stamp and 404 for a missing entity', async () => {
    expect((await call('/stale')).status).toBe(409);
    const missing = await call('/missing');
    expect(missing.status).toBe(404);
    expect(missing.error.message).toContain('IdentityUser');
  });

  it('answers 401 to the anonymous and 403 to the signed-in without the permission', async () => {
    expect((await call('/anonymous')).status).toBe(401);
    const challenge = async (headers: Record<string, string>) =>
      (await app.inject({ url: '/anonymous', headers })).headers['www-authenticate'];
    expect(await challenge({})).toBe('Bearer');
    expect(await challenge({ authorization: 'Bearer forged' })).toBe(
      'Bearer error="invalid_token"',
    );
    const forbidden = await call('/forbidden');
    expect(forbidden.status).toBe(403);
    expect(forbidden.error.message).toBeTruthy();
    expect(forbidden.error.details).toBeTruthy();
  });

  it('lists validation errors by member, localized', async () => {
    const { status, error } = await call('/validate', 'en', { userName: 'toolong', email: 'nope' });
    expect(status).toBe(400);
    expect(error.validationErrors).toEqual([
      { message: expect.stringContaining('5'), members: ['userName'] },
      { message: expect.stringContaining('e-mail'), members: ['email'] },
    ]);
    expect(error.details).toContain(' - ');
  });

  it('names an empty required field as a missing one, when it has a name in the language', async () => {
    const { error } = await call('/required', 'es-MX', { userName: '', nickname: '' });
    expect(error.validationErrors).toEqual([
      { message: 'El campo Nombre de usuario es obligatorio.', members: ['userName'] },
      // No display name for this member: not its camelCase in a Spanish sentence.
      { message: 'Este campo es obligatorio.', members: ['nickname'] },
    ]);
  });

  it("quotes a pattern without the literal's slashes, and no pattern for a Guid, as ABP does", async () => {
    const { error } = await call('/sorted?sorting=name%20sideways');
    expect(error.validationErrors[0].message).toBe(
      "The field Sorting must match the regular expression '^\\w+( (asc|desc))?$'.",
    );
    const guid = await call('/sorted?sorting=name&id=zzz');
    expect(guid.error.validationErrors[0].message).toBe('The value is not valid for id.');
  });

  it('hides what went wrong inside a 500, giving the request id instead', async () => {
    const { status, error } = await call('/crash');
    expect(status).toBe(500);
    expect(JSON.stringify(error)).not.toContain('postgres');
    expect(error.details).toMatch(/^Request id: /);
  });

  it("localizes Fastify's own refusals of a body, in ABP's format", async () => {
    const raw = (url: string, contentType: string, payload: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType, 'accept-language': 'es-MX' },
        payload,
      });
    const cases = [
      [await raw('/validate', 'application/json', '{"userName": '), 400, 'no es un JSON válido'],
      [await raw('/validate', 'application/xml', '<a/>'), 415, 'Envía el cuerpo como JSON'],
      [
        await raw('/small', 'application/json', JSON.stringify({ a: 'x'.repeat(64) })),
        413,
        'demasiado grande',
      ],
    ] as const;
    for (const [response, status, text] of cases) {
      expect(response.statusCode).toBe(status);
      expect(response.headers._abperrorformat).toBe('true');
      expect(response.json().error).toMatchObject({
        code: null,
        message: expect.stringContaining(text),
      });
    }
  });

  it("names a body that is no object at all ABP's way, `input`", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/validate',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: 'null',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual([
      { message: 'The input field is required.', members: ['input'] },
    ]);
  });
});

describe("URLs Fastify's router refuses", () => {
  const localizer = createLocalizer(localizationResources, 'es-MX');
  const router = Fastify({
    logger: false,
    routerOptions: { maxParamLength: 8 },
    frameworkErrors: frameworkErrorHandler(localizer),
  });
  router.get('/users/:name', async () => ({}));
  afterAll(() => router.close());

  it.each([
    ['/users/%E0%A4%A', 'es-MX', 400, 'La URL de la solicitud no es válida.'],
    ['/users/%zz', 'en', 400, 'The request URL is not valid.'],
    ['/users/muchtoolongname', 'en', 414, 'The request URL is too long.'],
  ])('answers %s in ABP format (%s)', async (url, culture, status, message) => {
    const response = await router.inject({ url, headers: { 'accept-language': culture } });
    expect(response.statusCode).toBe(status);
    expect(response.headers._abperrorformat).toBe('true');
    expect(response.json().error).toEqual({
      code: null,
      message,
      details: null,
      data: {},
      validationErrors: null,
    });
  });
});
