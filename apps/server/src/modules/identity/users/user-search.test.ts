import { describe, expect, it } from 'vitest';
import { parseSorting } from '../../../platform/data/list-sorting.js';
import { userSortKeys } from './user-list.repository.js';
import { foldForSearch, searchTermsOf, searchTextOf } from './user-search.js';

describe('user search', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(foldForSearch('José Núñez Zoë ﬁ')).toBe('JOSE NUNEZ ZOE FI');
    expect(foldForSearch(null)).toBe('');
    // The ASCII shortcut folds as the full normalization does.
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    expect(foldForSearch(ascii)).toBe(ascii.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase());
  });

  it('joins the fields with line feeds, so no match spans two of them', () => {
    expect(
      searchTextOf({
        userName: 'ana',
        email: 'a@b.c',
        name: 'Ána',
        surname: null,
        phoneNumber: '+1',
      }),
    ).toBe('ANA\nA@B.C\nANA\n\n+1');
  });

  it('splits a filter into distinct words, longest first, at most five', () => {
    expect(searchTermsOf('  ana  GARCÍA ana ')).toEqual(['GARCIA', 'ANA']);
    expect(searchTermsOf('a bb ccc dddd eeeee ffffff')).toEqual([
      'FFFFFF',
      'EEEEE',
      'DDDD',
      'CCC',
      'BB',
    ]);
    expect(searchTermsOf(undefined)).toEqual([]);
    expect(searchTermsOf('   ')).toEqual([]);
  });
});

describe('sorting parameter', () => {
  it("reads ABP's 'key direction', any case, with a fallback", () => {
    expect(parseSorting('EMAIL DESC', userSortKeys, 'userName')).toEqual({
      key: 'email',
      direction: 'desc',
    });
    expect(parseSorting('surname', userSortKeys, 'userName')).toEqual({
      key: 'surname',
      direction: 'asc',
    });
    expect(parseSorting(undefined, userSortKeys, 'userName')).toEqual({
      key: 'userName',
      direction: 'asc',
    });
    expect(parseSorting('nope asc', userSortKeys, 'userName')).toEqual({
      key: 'userName',
      direction: 'asc',
    });
  });
});
