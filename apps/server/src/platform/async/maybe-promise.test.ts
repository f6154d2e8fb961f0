import { describe, expect, it } from 'vitest';
import { whenReady } from './maybe-promise.js';

describe('whenReady', () => {
  it('goes on at once with a value at hand', () => {
    expect(whenReady(2, (value) => value * 3)).toBe(6);
  });

  it('goes on once a promise settles', async () => {
    const next = whenReady(Promise.resolve(2), (value) => value * 3);
    expect(next).toBeInstanceOf(Promise);
    expect(await next).toBe(6);
  });

  it('turns what the next step throws into a rejected promise, and passes rejections on', async () => {
    const failing = whenReady(1, () => {
      throw new Error('no');
    });
    await expect(failing).rejects.toThrow('no');
    await expect(whenReady(Promise.reject(new Error('earlier')), () => 1)).rejects.toThrow(
      'earlier',
    );
  });
});
