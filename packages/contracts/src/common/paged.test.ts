import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  GetListWithFilterInput,
  ListResultDto,
  PagedAndSortedResultRequestDto,
  PagedResultDto,
} from './paged.js';

const failingPaths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

/** What Fastify hands a route: every query value is a string. */
const query = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('PagedAndSortedResultRequestDto', () => {
  it('defaults to the first page of 10', () => {
    expect(PagedAndSortedResultRequestDto.parse({})).toEqual({ skipCount: 0, maxResultCount: 10 });
  });

  it('coerces numbers from the query string', () => {
    expect(
      PagedAndSortedResultRequestDto.parse(
        query('skipCount=20&maxResultCount=50&sorting=userName%20desc'),
      ),
    ).toEqual({ skipCount: 20, maxResultCount: 50, sorting: 'userName desc' });
  });

  it.each([
    ['skipCount=-1', 'skipCount'],
    ['skipCount=1.5', 'skipCount'],
    ['skipCount=abc', 'skipCount'],
    ['maxResultCount=0', 'maxResultCount'],
    ['maxResultCount=1001', 'maxResultCount'],
    ['maxResultCount=ten', 'maxResultCount'],
  ])('rejects %s', (search, path) => {
    expect(failingPaths(PagedAndSortedResultRequestDto.safeParse(query(search)))).toEqual([path]);
  });

  it('accepts the limits 1 and 1000', () => {
    expect(PagedAndSortedResultRequestDto.parse(query('maxResultCount=1')).maxResultCount).toBe(1);
    expect(PagedAndSortedResultRequestDto.parse(query('maxResultCount=1000')).maxResultCount).toBe(
      1000,
    );
  });

  it.each(['name', 'name asc', 'name DESC', 'creationTime desc', 'profile.name asc', 'user_name'])(
    'accepts the sorting %j',
    (sorting) => {
      expect(PagedAndSortedResultRequestDto.safeParse({ sorting }).success).toBe(true);
    },
  );

  it.each([
    '',
    'name descending',
    'name  desc',
    'name Desc',
    'name desc, email asc',
    'name; drop table users',
    `${'a'.repeat(257)}`,
  ])('rejects the sorting %j', (sorting) => {
    expect(failingPaths(PagedAndSortedResultRequestDto.safeParse({ sorting }))).toEqual([
      'sorting',
    ]);
  });
});

describe('GetListWithFilterInput', () => {
  it('adds an optional filter of at most 256 characters', () => {
    expect(GetListWithFilterInput.parse(query('filter=ana'))).toMatchObject({ filter: 'ana' });
    expect(GetListWithFilterInput.parse({})).not.toHaveProperty('filter');
    expect(GetListWithFilterInput.safeParse({ filter: 'f'.repeat(256) }).success).toBe(true);
    expect(failingPaths(GetListWithFilterInput.safeParse({ filter: 'f'.repeat(257) }))).toEqual([
      'filter',
    ]);
  });
});

describe('PagedResultDto and ListResultDto', () => {
  const Item = z.object({ id: z.string() }).meta({ id: 'PagedTestItem' });

  it('returns one schema per item schema, named like Swashbuckle names generics', () => {
    expect(PagedResultDto(Item)).toBe(PagedResultDto(Item));
    expect(ListResultDto(Item)).toBe(ListResultDto(Item));
    expect(z.globalRegistry.get(PagedResultDto(Item))?.id).toBe('PagedTestItemPagedResultDto');
    expect(z.globalRegistry.get(ListResultDto(Item))?.id).toBe('PagedTestItemListResultDto');
  });

  it('leaves the result anonymous when the item has no id', () => {
    expect(z.globalRegistry.get(PagedResultDto(z.string()))?.id).toBeUndefined();
  });

  it('validates { totalCount, items }', () => {
    const schema = PagedResultDto(Item);
    expect(schema.parse({ totalCount: 1, items: [{ id: 'a' }] })).toEqual({
      totalCount: 1,
      items: [{ id: 'a' }],
    });
    expect(schema.safeParse({ totalCount: -1, items: [] }).success).toBe(false);
    expect(ListResultDto(Item).safeParse({ items: [{ id: 1 }] }).success).toBe(false);
  });
});
