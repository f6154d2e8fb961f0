import { describe, expect, it } from 'vitest';
import { isEnabledUnlessFalse } from './identity-settings.js';

describe('isEnabledUnlessFalse', () => {
  it.each([
    ['true', true],
    ['True', true],
    [null, true],
    [undefined, true],
    ['', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
  ])('%j → %j', (value, expected) => {
    expect(isEnabledUnlessFalse(value)).toBe(expected);
  });
});
