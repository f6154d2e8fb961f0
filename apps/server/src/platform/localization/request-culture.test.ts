import { describe, expect, it } from 'vitest';
import { matchCulture } from './culture-info.js';
import {
  authorizationCulture,
  cultureFromRequest,
  parseAcceptLanguage,
} from './request-culture.js';

const none = { query: {}, cookies: {}, acceptLanguage: undefined };

describe('cultureFromRequest', () => {
  it('takes ?culture= first, then the .AspNetCore.Culture cookie, then Accept-Language', () => {
    const all = {
      query: { culture: 'fr' },
      cookies: { '.AspNetCore.Culture': 'c=de|uic=de' },
      acceptLanguage: 'tr',
    };
    expect(cultureFromRequest(all)).toBe('fr');
    expect(cultureFromRequest({ ...all, query: {} })).toBe('de');
    expect(cultureFromRequest({ ...all, query: {}, cookies: {} })).toBe('tr');
    expect(cultureFromRequest(none)).toBeUndefined();
  });

  it("puts a sign-in server's ui_locales after a chosen culture, before Accept-Language", () => {
    const hinted = { ...none, acceptLanguage: 'tr', uiLocales: 'ja pt-BR' };
    expect(cultureFromRequest(hinted)).toBe('pt-BR');
    expect(
      cultureFromRequest({ ...hinted, cookies: { '.AspNetCore.Culture': 'c=de|uic=de' } }),
    ).toBe('de');
    expect(cultureFromRequest({ ...hinted, query: { culture: 'fr' } })).toBe('fr');
    expect(cultureFromRequest({ ...hinted, uiLocales: 'ja ko' })).toBe('tr');
  });

  it('reads an encoded cookie and prefers its ui culture', () => {
    expect(
      cultureFromRequest({ ...none, cookies: { '.AspNetCore.Culture': 'c%3Den%7Cuic%3Dar' } }),
    ).toBe('ar');
  });

  it('ignores a cookie with broken percent-encoding and goes on', () => {
    for (const cookie of ['c%3Den%7Cuic%3D%zz', '%E0%A4%A']) {
      expect(
        cultureFromRequest({
          query: {},
          cookies: { '.AspNetCore.Culture': cookie },
          acceptLanguage: 'fr',
        }),
      ).toBe('fr');
    }
  });

  it('skips values it does not support and goes on', () => {
    expect(
      cultureFromRequest({
        query: { culture: 'xx' },
        cookies: { '.AspNetCore.Culture': 'c=yy|uic=yy' },
        acceptLanguage: 'pt-PT',
      }),
    ).toBe('pt-BR');
  });
});

describe('authorizationCulture', () => {
  const chosenBefore = { '.AspNetCore.Culture': 'c=de|uic=de' };

  it("remembers ABP's culture parameters, over an earlier choice", () => {
    expect(authorizationCulture({ culture: 'ar', 'ui-culture': 'ar' }, chosenBefore)).toEqual({
      culture: 'ar',
      remembered: true,
    });
  });

  it('takes the first supported of ui_locales for the session, when nothing was chosen', () => {
    expect(authorizationCulture({ ui_locales: 'ja fr-CA en' }, {})).toEqual({
      culture: 'fr',
      remembered: false,
    });
    expect(authorizationCulture({ ui_locales: 'fr' }, chosenBefore)).toBeUndefined();
  });

  it('asks for nothing when no supported language is named', () => {
    expect(authorizationCulture({}, {})).toBeUndefined();
    expect(authorizationCulture({ culture: 'xx', ui_locales: 'ja ko' }, {})).toBeUndefined();
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by quality and keeps the header order for ties', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.9, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'de',
      'en',
    ]);
    expect(parseAcceptLanguage('es;q=0, en')).toEqual(['en']);
  });
});

describe('matchCulture', () => {
  it.each([
    ['es-MX', 'es-MX'],
    ['es', 'es-MX'],
    ['ES-es', 'es-MX'],
    ['en-US', 'en'],
    ['zh-CN', 'zh-Hans'],
    ['zh-hans', 'zh-Hans'],
    ['pt', 'pt-BR'],
    ['ar-SA', 'ar'],
    ['ja', undefined],
    ['', undefined],
  ])('%s → %s', (requested, expected) => {
    expect(matchCulture(requested)).toBe(expected);
  });
});
