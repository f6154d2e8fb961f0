import { describe, expect, it } from 'vitest';
import { toLocalPath } from './local-path';

const origin = 'http://localhost:3000';

describe('toLocalPath', () => {
  it('keeps paths and same-origin URLs only', () => {
    expect(toLocalPath('/a?b#c', origin)).toBe('/a?b#c');
    expect(toLocalPath(`${origin}/a#c`, origin)).toBe('/a#c');
    expect(toLocalPath('not a url', origin)).toBeUndefined();
    for (const elsewhere of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/a',
    ]) {
      expect(toLocalPath(elsewhere, origin)).toBeUndefined();
    }
  });
});
