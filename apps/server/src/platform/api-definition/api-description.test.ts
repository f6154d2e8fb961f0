import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeApi, type RouteSchemas } from './api-description.js';
import type { RemoteServiceModule } from './remote-service.js';

const module: RemoteServiceModule = {
  rootPath: 'catalog',
  remoteServiceName: 'Catalog',
  namespace: 'Acme.Catalog',
  assembly: 'Acme.Catalog.Application.Contracts',
  controllers: [
    {
      type: 'Acme.Catalog.BookController',
      interface: 'Acme.Catalog.IBookAppService',
      actions: { 'GET /api/catalog/books/:id': 'GetAsync(id)' },
    },
  ],
};
const BookDto = z.object({ id: z.guid(), title: z.string() }).meta({ id: 'BookDto' });
const routes = new Map<string, RouteSchemas>([
  [
    'GET /api/catalog/books/:id',
    { params: z.object({ id: z.guid() }), response: { 200: BookDto } },
  ],
  ['DELETE /api/catalog/books/:id', { params: z.object({ id: z.guid() }) }],
  ['HEAD /api/catalog/books/:id', {}],
  ['GET /health/live', {}],
]);

describe('describeApi', () => {
  it('names the reply’s component in the module’s namespace', () => {
    const { withTypes } = describeApi(routes, [module]);
    expect(withTypes.types).toHaveProperty('Acme.Catalog.BookDto');
  });

  it('tells which API routes no module describes (HEAD and non-API routes aside)', () => {
    expect(describeApi(routes, [module]).undescribed).toEqual(['DELETE /api/catalog/books/:id']);
  });

  it('refuses a description of a route that is not registered', () => {
    const wrong = {
      ...module,
      controllers: [{ type: 'Acme.Catalog.BookController', actions: { 'PUT /api/x': 'X()' } }],
    };
    expect(() => describeApi(routes, [wrong])).toThrow('no route PUT /api/x');
  });
});
