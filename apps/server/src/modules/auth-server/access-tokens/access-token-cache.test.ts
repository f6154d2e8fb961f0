import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCacheHub } from '../../../platform/caching/cache.js';
import { createAccessTokenCache, type VerifiedAccessToken } from './access-token-cache.js';

// biome-ignore lint/style/noProcessEnv: CI's second pass names the Redis server
const redisUrl = process.env.TEST_REDIS_URL;

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const token = (changes: Partial<VerifiedAccessToken> = {}): VerifiedAccessToken => ({
  accountId: 'user-1',
  clientId: 'Vineta_App',
  stamp: 'stamp',
  tenantId: null,
  expiresAt: inAnHour(),
  grantId: 'grant-1',
  sessionUid: undefined,
  ...changes,
});

const options = { ttlMs: 30_000, maxEntries: 100 };

afterEach(() => {
  vi.useRealTimers();
});

describe('access-token cache', () => {
  it('keys by a hash of the token and keeps an entry no longer than its TTL', () => {
    vi.useFakeTimers();
    const cache = createAccessTokenCache(createCacheHub(), options);
    const key = cache.keyOf('opaque-token-value');
    expect(key).not.toContain('opaque-token-value');
    cache.set(key, token(), cache.generation);
    expect(cache.get(key)?.accountId).toBe('user-1');
    vi.advanceTimersByTime(30_001);
    expect(cache.get(key)).toBeUndefined();
  });

  it('never keeps a token past its expiry', () => {
    vi.useFakeTimers();
    const cache = createAccessTokenCache(createCacheHub(), options);
    const key = cache.keyOf('t');
    cache.set(key, token({ expiresAt: Math.floor(Date.now() / 1000) + 5 }), cache.generation);
    vi.advanceTimersByTime(5_001);
    expect(cache.get(key)).toBeUndefined();
    cache.set(key, token({ expiresAt: Math.floor(Date.now() / 1000) - 1 }), cache.generation);
    expect(cache.get(key)).toBeUndefined();
  });

  it('drops what each revocation names, and nothing else', async () => {
    const cache = createAccessTokenCache(createCacheHub(), options);
    const fill = () => {
      cache.set(cache.keyOf('a'), token(), cache.generation);
      cache.set(cache.keyOf('b'), token({ grantId: 'grant-2' }), cache.generation);
      cache.set(
        cache.keyOf('c'),
        token({ accountId: 'user-2', grantId: 'grant-3' }),
        cache.generation,
      );
      cache.set(
        cache.keyOf('d'),
        token({ accountId: 'user-3', grantId: 'grant-4', sessionUid: 'session-1' }),
        cache.generation,
      );
    };
    const left = () => ['a', 'b', 'c', 'd'].filter((t) => cache.get(cache.keyOf(t)));

    fill();
    await cache.revoke({ tokenId: 'a' });
    expect(left()).toEqual(['b', 'c', 'd']);
    fill();
    await cache.revoke({ grantId: 'grant-2' });
    expect(left()).toEqual(['a', 'c', 'd']);
    fill();
    await cache.revoke({ accountId: 'user-1' });
    expect(left()).toEqual(['c', 'd']);
    fill();
    await cache.revoke({ sessionUid: 'session-1' });
    expect(left()).toEqual(['a', 'b', 'c']);
    fill();
    await cache.revoke({ anySession: true });
    expect(left()).toEqual(['a', 'b', 'c']);
  });

  it('does not keep a lookup that a revocation overtook', async () => {
    const cache = createAccessTokenCache(createCacheHub(), options);
    const startedAt = cache.generation;
    await cache.revoke({ grantId: 'grant-1' });
    cache.set(cache.keyOf('a'), token(), startedAt);
    expect(cache.get(cache.keyOf('a'))).toBeUndefined();
  });

  it('stays within its size', () => {
    const cache = createAccessTokenCache(createCacheHub(), { ...options, maxEntries: 2 });
    for (const t of ['a', 'b', 'c']) cache.set(cache.keyOf(t), token(), cache.generation);
    expect(cache.get(cache.keyOf('a'))).toBeUndefined();
    expect(cache.get(cache.keyOf('c'))).toBeDefined();
  });
});

describe.skipIf(!redisUrl)('access-token revocation across instances over Redis', () => {
  it('drops the token on the other instance', async () => {
    const first = createCacheHub({ redisUrl });
    const second = createCacheHub({ redisUrl });
    try {
      const here = createAccessTokenCache(first, options);
      const there = createAccessTokenCache(second, options);
      await new Promise((resolve) => setTimeout(resolve, 100)); // both subscribed
      there.set(there.keyOf('a'), token(), there.generation);
      await here.revoke({ tokenId: 'a' });
      await expect.poll(() => there.get(there.keyOf('a')), { timeout: 2000 }).toBeUndefined();
      there.set(there.keyOf('b'), token({ grantId: 'grant-2' }), there.generation);
      await here.revoke({ grantId: 'grant-2' });
      await expect.poll(() => there.get(there.keyOf('b')), { timeout: 2000 }).toBeUndefined();
    } finally {
      await first.close();
      await second.close();
    }
  });
});
