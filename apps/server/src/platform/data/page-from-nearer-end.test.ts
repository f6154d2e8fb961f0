import { describe, expect, it } from 'vitest';
import { inPageOrder, pageFromNearerEnd } from './page-from-nearer-end.js';

const byName = { key: 'userName', direction: 'asc' } as const;

describe('pageFromNearerEnd', () => {
  it('reads the front half forward, as asked', () => {
    expect(pageFromNearerEnd(byName, 0, 10, 100_000)).toEqual({
      sort: byName,
      skipCount: 0,
      maxResultCount: 10,
      fromEnd: false,
    });
    // As many rows before the page as after it: forward.
    expect(pageFromNearerEnd(byName, 45, 10, 100).fromEnd).toBe(false);
    // A first page longer than the list is still read forward.
    expect(pageFromNearerEnd(byName, 0, 1000, 120).fromEnd).toBe(false);
  });

  it('reads the back half from the end, in the opposite order, skipping the rows after the page', () => {
    expect(pageFromNearerEnd(byName, 99_990, 10, 100_000)).toEqual({
      sort: { key: 'userName', direction: 'desc' },
      skipCount: 0,
      maxResultCount: 10,
      fromEnd: true,
    });
    expect(pageFromNearerEnd({ key: 'email', direction: 'desc' }, 60, 10, 100)).toEqual({
      sort: { key: 'email', direction: 'asc' },
      skipCount: 30,
      maxResultCount: 10,
      fromEnd: true,
    });
  });

  it('reads only the rows left for a short last page', () => {
    // 100 001 users: the last page of ten holds one.
    expect(pageFromNearerEnd(byName, 100_000, 10, 100_001)).toMatchObject({
      skipCount: 0,
      maxResultCount: 1,
      fromEnd: true,
    });
    expect(pageFromNearerEnd(byName, 10, 10, 15)).toMatchObject({
      skipCount: 0,
      maxResultCount: 5,
      fromEnd: true,
    });
  });

  it('turns rows read from the end back into the page order', () => {
    expect(inPageOrder(true, [3, 2, 1])).toEqual([1, 2, 3]);
    expect(inPageOrder(false, [1, 2, 3])).toEqual([1, 2, 3]);
  });
});
