import { PagedResultDto } from '@vineta/contracts/common/paged';
import { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledReply, plainJsonSchema } from './compiled-reply.js';

const user = {
  id: '3a1b2c3d-0000-4000-8000-000000000001',
  tenantId: null,
  userName: 'ana',
  name: 'Ana "la" Núñez',
  surname: null,
  email: 'ana@example.com',
  emailConfirmed: false,
  phoneNumber: null,
  phoneNumberConfirmed: true,
  isActive: true,
  lockoutEnabled: true,
  lockoutEnd: '2026-11-26T06:00:00.000Z',
  accessFailedCount: 2,
  isLockedOut: false,
  concurrencyStamp: 'abc',
  creationTime: '2026-01-01T00:00:00.000Z',
  creatorId: null,
  lastModificationTime: null,
  lastModifierId: null,
  isDeleted: false,
  deleterId: null,
  deletionTime: null,
  extraProperties: { nested: { list: [1, 'two', null] }, flag: true, text: '</script>' },
};
const Paged = PagedResultDto(IdentityUserDto);

/** Both serializers on real routes of a Fastify app, as the server registers them. */
async function replies(schema: z.ZodType, body: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/zod', { schema: { response: { 200: schema } } }, async () => body);
  app.get(
    '/compiled',
    { schema: { response: { 200: schema } }, serializerCompiler: compiledReply },
    async () => body,
  );
  const [zod, compiled] = await Promise.all([
    app.inject({ method: 'GET', url: '/zod' }),
    app.inject({ method: 'GET', url: '/compiled' }),
  ]);
  await app.close();
  return { zod, compiled };
}

describe('compiled reply serializer', () => {
  it('writes what zod writes: nulls, dates as sent, nested extra properties, escaped text', async () => {
    const { zod, compiled } = await replies(Paged, { totalCount: 1, items: [user] });
    expect(compiled.statusCode).toBe(200);
    expect(compiled.body).toBe(zod.body);
    expect(compiled.json().items[0]).toEqual(user);
  });

  it('leaves out properties the contract does not declare', async () => {
    const leaky = { ...user, passwordHash: 'secret', searchText: 'ANA' };
    const { zod, compiled } = await replies(Paged, { totalCount: 1, items: [leaky], extra: 1 });
    expect(compiled.body).toBe(zod.body);
    expect(compiled.body).not.toContain('secret');
    expect(compiled.json()).not.toHaveProperty('extra');
  });

  it('fails, as zod does, when a required property is missing', async () => {
    const { surname: _, ...missing } = user;
    const { zod, compiled } = await replies(Paged, { totalCount: 1, items: [missing] });
    expect(zod.statusCode).toBe(500);
    expect(compiled.statusCode).toBe(500);
  });

  it('keeps zod for schemas it cannot write without validating', () => {
    expect(plainJsonSchema(z.object({ kind: z.enum(['a', 'b']) }))).toBeUndefined();
    expect(plainJsonSchema(z.union([z.string(), z.object({ a: z.string() })]))).toBeUndefined();
    expect(plainJsonSchema(z.object({ at: z.date() }))).toBeUndefined();
    expect(plainJsonSchema(z.object({ n: z.number().default(1) }))).toBeUndefined();
    expect(plainJsonSchema(Paged)).toBeDefined();
  });

  it('writes a schema zod keeps the same way through the fallback', async () => {
    const Kind = z.object({ kind: z.enum(['a', 'b']), at: z.string().nullable() });
    const { zod, compiled } = await replies(Kind, { kind: 'a', at: null, hidden: 1 });
    expect(compiled.body).toBe(zod.body);
  });
});
