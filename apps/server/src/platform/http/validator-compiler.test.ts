import Fastify, { type InjectOptions } from 'fastify';
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
    {
      schema: {
        body: z.object({
          label: z.string(),
          flag: z.boolean().optional(),
          extra: z.record(z.string(), z.unknown()).optional(),
        }),
      },
    },
    async (request) => request.body,
  );
  app.get(
    '/query',
    {
      schema: {
        querystring: z.object({
          skip: z.coerce.number().int().min(0).default(0),
          take: z.coerce.number().int().min(1).max(1000).optional(),
        }),
      },
    },
    async (request) => request.query,
  );
  await app.ready();
});
afterAll(() => app.close());

const messages = async (options: InjectOptions) => {
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

  it.each([
    ['a NUL', 'a\0b'],
    ['a lone high surrogate', 'a\uD800'],
    ['a lone low surrogate', '\uDC00'],
  ])('refuses text with %s, before the schema', async (_, text) => {
    const payload = JSON.stringify({ label: text, flag: 'not checked' });
    const headers = { 'content-type': 'application/json' };
    expect(await messages({ method: 'POST', url: '/body', payload, headers })).toEqual([
      { message: 'The field label contains characters that are not allowed.', members: ['label'] },
    ]);
  });

  it('refuses a NUL in a query value and in a nested key', async () => {
    expect(await messages({ url: '/query?skip=%00' })).toEqual([
      { message: 'The field skip contains characters that are not allowed.', members: ['skip'] },
    ]);
    const payload = { label: 'a', extra: { list: [{ 'k\0': 1 }] } };
    expect(await messages({ method: 'POST', url: '/body', payload })).toEqual([
      {
        message: 'The field k\0 contains characters that are not allowed.',
        members: ['extra.list[0].k\0'],
      },
    ]);
  });

  it('keeps emoji, right-to-left text and spaces', async () => {
    const label = ' 😀 שלום \u202e ';
    const response = await app.inject({ method: 'POST', url: '/body', payload: { label } });
    expect(response.json()).toEqual({ label });
  });

  it('refuses nesting deeper than 64 levels instead of overflowing the stack later', async () => {
    const depth = 5000;
    const payload = `{"label":"a","extra":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const headers = { 'content-type': 'application/json' };
    const errors = await messages({ method: 'POST', url: '/body', payload, headers });
    expect(errors).toEqual([
      { message: 'The value is not valid for a.', members: [expect.any(String)] },
    ]);
    const shallow = `{"label":"a","extra":{"a":${'['.repeat(50)}${']'.repeat(50)}}}`;
    expect(
      (await app.inject({ method: 'POST', url: '/body', payload: shallow, headers })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['take=0', 'The field take must be between 1 and 1000.'],
    ['take=1001', 'The field take must be between 1 and 1000.'],
    ['take=9007199254740992', 'The field take must be between 1 and 1000.'],
    ['skip=-1', 'The field skip must be between 0 and ∞.'],
    ['skip=9007199254740992', 'The value is not valid for skip.'],
  ])('names the whole range of a number out of it, once: %s', async (search, message) => {
    const member = search.split('=')[0];
    expect(await messages({ url: `/query?${search}` })).toEqual([{ message, members: [member] }]);
  });
});
