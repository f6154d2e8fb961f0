import { supportedCultures } from '@vineta/contracts/localization/cultures';
import { describe, expect, it } from 'vitest';
import { cultureInfos, languageInfos, rendersRightToLeft } from './culture-info.js';

describe('culture infos', () => {
  it('describe exactly the cultures the product ships, in their order', () => {
    expect([...cultureInfos.keys()]).toEqual([...supportedCultures]);
    expect(languageInfos().map((language) => language.cultureName)).toEqual([...supportedCultures]);
  });

  it('mark Arabic, and only Arabic of the shipped cultures, right to left', () => {
    const rightToLeft = [...cultureInfos.values()].filter((culture) => culture.isRightToLeft);
    expect(rightToLeft.map((culture) => culture.cultureName)).toEqual(['ar']);
    expect(rendersRightToLeft('ar-EG')).toBe(true);
    expect(rendersRightToLeft('es-MX')).toBe(false);
    // Persian is not shipped: its texts fall back to es-MX, so they read left to right.
    expect(rendersRightToLeft('fa-IR')).toBe(false);
  });
});
