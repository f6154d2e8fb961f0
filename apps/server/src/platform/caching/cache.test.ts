import { describe, expect, it } from 'vitest';
import { createCacheHub } from './cache.js';

// biome-ignore lint/style/noProcessEnv: CI's second pass names the Redis server
const redisUrl = process.env.TEST_REDIS_URL;

describe('local cache', () => {
  it('loads once for concurrent misses', async () => {
    const cache = createCacheHub().create<number>('test');
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    expect(await Promise.all([cache.getOrAdd('k', load), cache.getOrAdd('k', load)])).toEqual([
      42, 42,
    ]);
    expect(loads).toBe(1);
    expect(await cache.getOrAdd('k', load)).toBe(42);
    expect(loads).toBe(1);
  });

  it('does not keep a value whose load raced with an invalidation', async () => {
    const cache = createCacheHub().create<string>('test');
    let release: () => void = () => {};
    const slow = cache.getOrAdd(
      'k',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('old');
        }),
    );
    await cache.invalidate('k');
    release();
    expect(await slow).toBe('old');
    expect(cache.get('k')).toBeUndefined();
  });

  it('expires entries after their time to live', async () => {
    const cache = createCacheHub().create<string>('test', { ttlMs: 5 });
    cache.set('k', 'v');
    expect(cache.get('k')).toBe('v');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = createCacheHub().create<number>('test', { maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });
});

describe.skipIf(!redisUrl)('invalidation across instances over Redis', () => {
  it('drops the other instance copy', async () => {
    const first = createCacheHub({ redisUrl });
    const second = createCacheHub({ redisUrl });
    try {
      const a = first.create<string>('shared');
      const b = second.create<string>('shared');
      await new Promise((resolve) => setTimeout(resolve, 100)); // both subscribed
      a.set('k', 'from-a');
      b.set('k', 'from-b');
      await a.invalidate('k');
      await expect.poll(() => b.get('k'), { timeout: 2000 }).toBeUndefined();
      b.set('x', '1');
      await a.invalidateAll();
      await expect.poll(() => b.get('x'), { timeout: 2000 }).toBeUndefined();
    } finally {
      await first.close();
      await second.close();
    }
  });
});
