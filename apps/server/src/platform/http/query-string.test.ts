import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.js';

describe('query strings', () => {
  it("read ABP's C# proxies' PascalCase names as the routes' camelCase ones", () => {
    expect(
      parseQueryString('Filter=ana&SkipCount=10&MaxResultCount=5&Sorting=Name%20desc'),
    ).toEqual({ filter: 'ana', skipCount: '10', maxResultCount: '5', sorting: 'Name desc' });
  });

  it('keep camelCase, underscores and repeated names as they are; camelCase wins a clash', () => {
    expect(parseQueryString('__tenant=acme&a=1&a=2&Filter=x&filter=y')).toEqual({
      __tenant: 'acme',
      a: ['1', '2'],
      filter: 'y',
    });
  });
});
