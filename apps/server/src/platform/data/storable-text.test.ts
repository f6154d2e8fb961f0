import { describe, expect, it } from 'vitest';
import { isStorableText, toStorableText } from './storable-text.js';

describe('storable text', () => {
  it.each(['', 'ana', 'שלום', '😀', '\u202eevil', ' spaced '])('keeps %j', (text) => {
    expect(isStorableText(text)).toBe(true);
    expect(toStorableText(text)).toBe(text);
  });

  it.each([
    ['a\0b', 'a\uFFFDb'],
    ['a\uD800', 'a\uFFFD'],
    ['\uDC00a', '\uFFFDa'],
    ['\uDE00\uD83D', '\uFFFD\uFFFD'],
    ['\0\0', '\uFFFD\uFFFD'],
  ])('refuses %j, recording it as %j', (text, recorded) => {
    expect(isStorableText(text)).toBe(false);
    expect(toStorableText(text)).toBe(recorded);
  });
});
