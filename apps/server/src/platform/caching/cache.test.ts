import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { relayUrl } from '../../../test/tcp-relay.js';
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

  it('keeps an entry that is read while many read once pass through', () => {
    const cache = createCacheHub().create<number>('test', { maxEntries: 3 });
    cache.set('hot', 0);
    for (let i = 1; i <= 100; i++) {
      expect(cache.get('hot'), `after ${i - 1} others`).toBe(0);
      cache.set(`once-${i}`, i);
    }
    // Never more than it may hold: the last two of the crowd beside the hot one.
    expect(cache.get('once-98')).toBeUndefined();
    expect([cache.get('hot'), cache.get('once-99'), cache.get('once-100')]).toEqual([0, 99, 100]);
  });

  it('replaces a key it holds without making room', () => {
    const cache = createCacheHub().create<string>('test', { maxEntries: 2 });
    cache.set('a', 'a');
    cache.set('b', 'b');
    cache.set('b', 'b2');
    expect([cache.get('a'), cache.get('b')]).toEqual(['a', 'b2']);
  });

  it('makes room with an expired entry, read or not', async () => {
    const cache = createCacheHub().create<string>('test', { maxEntries: 2, ttlMs: 20 });
    cache.set('old', 'o');
    cache.get('old');
    await new Promise((resolve) => setTimeout(resolve, 30));
    cache.set('fresh', 'f');
    cache.set('new', 'n');
    expect([cache.get('fresh'), cache.get('new')]).toEqual(['f', 'n']);
  });
});

describe.skipIf(!redisUrl)('invalidation across instances over Redis', () => {
  it('drops the other instance copy', async () => {
    const first = createCacheHub({ redisUrl });
    const second = createCacheHub({ redisUrl });
    try {
      const a = first.create<string>('shared');
      const b = second.create<string>('shared');
      await expect.poll(() => first.listening && second.listening).toBe(true);
      a.set('k', 'from-a');
      b.set('k', 'from-b');
      expect(b.get('k')).toBe('from-b');
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

describe.skipIf(!redisUrl)('deployments that share one Redis server', () => {
  /** REDIS_URL naming another database than the test's. */
  const otherDatabase = () => {
    const url = new URL(redisUrl ?? '');
    url.pathname = `/${(Number(url.pathname.slice(1)) || 0) + 1}`;
    return url.toString();
  };

  it('do not empty each other’s caches when their REDIS_URLs name other databases', async () => {
    const keyPrefix = `vineta-test-${crypto.randomUUID()}:`;
    const production = createCacheHub({ redisUrl, keyPrefix });
    const productionToo = createCacheHub({ redisUrl, keyPrefix });
    const staging = createCacheHub({ redisUrl: otherDatabase(), keyPrefix });
    const hubs = [production, productionToo, staging];
    try {
      const [one, two, other] = hubs.map((hub) => hub.create<string>('tenants'));
      await expect.poll(() => hubs.every((hub) => hub.listening)).toBe(true);
      two?.set('k', 'production');
      other?.set('k', 'staging');
      await one?.invalidate('k');
      await expect.poll(() => two?.get('k'), { timeout: 2000 }).toBeUndefined();
      expect(other?.get('k')).toBe('staging');
    } finally {
      for (const hub of hubs) await hub.close();
    }
  });

  it('do not when their REDIS_KEY_PREFIXes differ on one database', async () => {
    const production = createCacheHub({ redisUrl, keyPrefix: `p-${crypto.randomUUID()}:` });
    const staging = createCacheHub({ redisUrl, keyPrefix: `s-${crypto.randomUUID()}:` });
    try {
      const [one, other] = [production, staging].map((hub) => hub.create<string>('tenants'));
      await expect.poll(() => production.listening && staging.listening).toBe(true);
      other?.set('k', 'staging');
      await one?.invalidate('k');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(other?.get('k')).toBe('staging');
    } finally {
      await production.close();
      await staging.close();
    }
  });
});

describe.skipIf(!redisUrl)('while Redis is away', () => {
  const logs: { level: string; message: string }[] = [];
  const logger = {
    info: (_: object, message: string) => logs.push({ level: 'info', message }),
    warn: (_: object, message: string) => logs.push({ level: 'warn', message }),
    error: (_: object, message: string) => logs.push({ level: 'error', message }),
  };

  it('reads through and keeps nothing, then empties its caches when it is back', async () => {
    logs.length = 0;
    const { relay, url } = await relayUrl(redisUrl ?? '', 6379);
    const hub = createCacheHub({ redisUrl: url });
    hub.setLogger(logger);
    try {
      const cache = hub.create<string>('outage');
      await expect.poll(() => hub.listening).toBe(true);
      cache.set('k', 'before');
      expect(cache.get('k')).toBe('before');

      await relay.cut();
      await expect.poll(() => hub.listening).toBe(false);
      // Another instance's invalidation could be missed now: nothing is served from memory.
      expect(cache.get('k')).toBeUndefined();
      let loads = 0;
      const load = async () => `fresh ${++loads}`;
      expect(await cache.getOrAdd('k', load)).toBe('fresh 1');
      expect(await cache.getOrAdd('k', load)).toBe('fresh 2');
      cache.set('k', 'during');
      // A change made here meanwhile is committed: its invalidation does not throw.
      await expect(cache.invalidate('k')).resolves.toBeUndefined();

      await relay.restore();
      await expect.poll(() => hub.listening, { timeout: 10_000 }).toBe(true);
      expect(cache.get('k')).toBeUndefined();
      expect(await cache.getOrAdd('k', load)).toBe('fresh 3');
      expect(await cache.getOrAdd('k', load)).toBe('fresh 3');
      // (Whether that invalidation was sent after all depends on how soon Redis came back.)
      expect(logs.filter((entry) => !entry.message.startsWith('A cache invalidation'))).toEqual([
        {
          level: 'warn',
          message:
            'Cache invalidations from other instances are not received: caches are bypassed until Redis takes the subscription again',
        },
        { level: 'info', message: 'Cache invalidations from other instances are received again' },
      ]);
    } finally {
      await hub.close();
      await relay.close();
    }
  }, 20_000);

  it('sends an invalidation made while reconnecting once it is back, to instances that stayed', async () => {
    const { relay, url } = await relayUrl(redisUrl ?? '', 6379);
    const cut = createCacheHub({ redisUrl: url });
    const stayed = createCacheHub({ redisUrl });
    try {
      const here = cut.create<string>('reconnecting');
      const there = stayed.create<string>('reconnecting');
      await expect.poll(() => cut.listening && stayed.listening).toBe(true);
      there.set('k', 'old');
      await relay.cut();
      await expect.poll(() => cut.listening).toBe(false);
      await here.invalidate('k');
      await relay.restore();
      // The other instance never lost Redis, so nothing but this message empties its copy.
      await expect.poll(() => there.get('k'), { timeout: 5_000 }).toBeUndefined();
    } finally {
      await cut.close();
      await stayed.close();
      await relay.close();
    }
  }, 20_000);

  it('logs an invalidation that could not be sent', async () => {
    logs.length = 0;
    const { relay, url } = await relayUrl(redisUrl ?? '', 6379);
    const hub = createCacheHub({ redisUrl: url });
    hub.setLogger(logger);
    try {
      const cache = hub.create<string>('unsent');
      await expect.poll(() => hub.listening).toBe(true);
      await relay.cut();
      await expect.poll(() => hub.listening).toBe(false);
      await cache.invalidate('k');
      await expect
        .poll(() => logs.map((entry) => entry.message), { timeout: 10_000 })
        .toContain('A cache invalidation could not be sent to other instances');
    } finally {
      await hub.close();
      await relay.close();
    }
  }, 20_000);

  it('bypasses its caches, and says so, when Redis refuses the subscription', async () => {
    logs.length = 0;
    const user = `vineta-test-nosub-${crypto.randomUUID()}`;
    const client = new Redis(redisUrl ?? '');
    await client.call('ACL', 'SETUSER', user, 'on', 'nopass', '~*', '&*', '+@all', '-subscribe');
    const url = new URL(redisUrl ?? '');
    url.username = user;
    url.password = 'any'; // `nopass`: any password signs the user in
    const hub = createCacheHub({ redisUrl: url.toString() });
    try {
      hub.setLogger(logger);
      const cache = hub.create<string>('refused');
      await expect
        .poll(() => logs.map((entry) => entry.message))
        .toContain(
          'Cache invalidations from other instances are not received: caches are bypassed until Redis takes the subscription again',
        );
      cache.set('k', 'v');
      expect(cache.get('k')).toBeUndefined();
      expect(hub.listening).toBe(false);
    } finally {
      await hub.close();
      await client.call('ACL', 'DELUSER', user);
      await client.quit();
    }
  });

  it('reports no outage when it is closed', async () => {
    logs.length = 0;
    const hub = createCacheHub({ redisUrl });
    hub.setLogger(logger);
    await expect.poll(() => hub.listening).toBe(true);
    await hub.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs).toEqual([]);
  });

  it('tells a channel that it may have missed messages', async () => {
    const { relay, url } = await relayUrl(redisUrl ?? '', 6379);
    const hub = createCacheHub({ redisUrl: url });
    let missed = 0;
    hub.channel(
      'outage-channel',
      () => {},
      () => missed++,
    );
    try {
      await expect.poll(() => hub.listening).toBe(true);
      const before = missed;
      await relay.cut();
      await expect.poll(() => hub.listening).toBe(false);
      await relay.restore();
      await expect.poll(() => hub.listening, { timeout: 10_000 }).toBe(true);
      expect(missed).toBe(before + 1);
    } finally {
      await hub.close();
      await relay.close();
    }
  }, 20_000);
});
