import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizationResources } from '../../localization/resources/resources.js';
import { registerErrorHandler } from '../errors/error-handler.js';
import { createLocalizer } from '../localization/localizer.js';
import { parseQueryString } from './query-string.js';
import { validatorCompiler } from './validator-compiler.js';

const app = Fastify({
  logger: false,
  routerOptions: { querystringParser: parseQueryString },
}).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('culture', '');
  app.addHook('onRequest', async (request) => {
    request.culture = 'en';
  });
  registerErrorHandler(app, createLocalizer(localizationResources, 'es-MX'));
  app.post(
    '/body',
    { schema: { body: z.object({ label: z.string(), flag: z.boolean().optional() }) } },
    async (request) => request.body,
  );
  app.get(
    '/query',
    { schema: { querystring: z.object({ skip: z.coerce.number().int().min(0).default(0) }) } },
    async (request) => request.query,
  );
  await app.ready();
});
afterAll(() => app.close());

const messages = async (options: Parameters<typeof app.inject>[0]) => {
  const response = await app.inject(options);
  expect(response.statusCode).toBe(400);
  return response.json().error.validationErrors;
};

describe('validatorCompiler', () => {
  it('passes a valid value through, coerced', async () => {
    const response = await app.inject({ url: '/query?skip=3' });
    expect(response.json()).toEqual({ skip: 3 });
  });

  it('calls a missing value required', async () => {
    expect(await messages({ method: 'POST', url: '/body', payload: {} })).toEqual([
      { message: 'The label field is required.', members: ['label'] },
    ]);
  });

  it('calls a value of the wrong type not valid, not missing', async () => {
    const body = { label: 5, flag: 'yes' };
    expect(await messages({ method: 'POST', url: '/body', payload: body })).toEqual([
      { message: 'The value is not valid for label.', members: ['label'] },
      { message: 'The value is not valid for flag.', members: ['flag'] },
    ]);
  });

  it.each(['1.5', 'abc', '1e309', '1&skip=2'])(
    'calls skip=%s not valid, not missing',
    async (value) => {
      expect(await messages({ url: `/query?skip=${value}` })).toEqual([
        { message: 'The value is not valid for skip.', members: ['skip'] },
      ]);
    },
  );
});
