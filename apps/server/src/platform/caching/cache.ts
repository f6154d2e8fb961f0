import { Redis } from 'ioredis';

/**
 * Two-level caching for a stateless cluster: every instance keeps values in its own memory, and an
 * invalidation is broadcast over Redis pub/sub (when REDIS_URL is set) so that every instance drops
 * its copy. The database stays the only source of truth; a TTL bounds staleness if a message is lost.
 */
export interface Cache<V> {
  get(key: string): V | undefined;
  getOrAdd(key: string, factory: () => Promise<V>): Promise<V>;
  set(key: string, value: V): void;
  /** Drops the key here and on every other instance. */
  invalidate(key: string): Promise<void>;
  invalidateAll(): Promise<void>;
}

/** Invalidations for caches that are not a key-value map (they drop whatever a message matches). */
export interface InvalidationChannel {
  /**
   * Runs the channel's handler here at once, then on every other instance. A lost message (Redis
   * down) is reported to the hub's `onError`, not thrown: the caller's TTL bounds the staleness.
   */
  publish(message: string): Promise<void>;
}

export interface CacheHub {
  create<V>(name: string, options?: { maxEntries?: number; ttlMs?: number }): Cache<V>;
  /** A named channel (names are shared with `create`'s) whose messages reach `onMessage` everywhere. */
  channel(name: string, onMessage: (message: string) => void): InvalidationChannel;
  close(): Promise<void>;
}

const ALL = '*';
const CHANNEL = 'vineta:cache-invalidation';

export function createCacheHub(
  options: { redisUrl?: string | undefined; onError?: (error: unknown) => void } = {},
): CacheHub {
  const caches = new Map<string, LocalCache<unknown>>();
  const channels = new Map<string, (message: string) => void>();
  const instanceId = crypto.randomUUID();
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;

  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber])
      client.on('error', (error) => options.onError?.(error));
    void subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel: string, message: string) => {
      const { from, cache, key } = JSON.parse(message) as {
        from: string;
        cache: string;
        key: string;
      };
      if (from === instanceId) return;
      channels.get(cache)?.(key);
      const local = caches.get(cache);
      if (key === ALL) local?.clear();
      else local?.delete(key);
    });
  }

  async function broadcast(cache: string, key: string) {
    if (!publisher) return;
    await publisher.publish(CHANNEL, JSON.stringify({ from: instanceId, cache, key }));
  }

  return {
    create<V>(name: string, cacheOptions: { maxEntries?: number; ttlMs?: number } = {}): Cache<V> {
      const local = new LocalCache<V>(
        cacheOptions.maxEntries ?? 10_000,
        cacheOptions.ttlMs ?? 5 * 60_000,
      );
      caches.set(name, local as LocalCache<unknown>);
      const pending = new Map<string, Promise<V>>();
      return {
        get: (key) => local.get(key),
        set: (key, value) => local.set(key, value),
        async getOrAdd(key, factory) {
          const hit = local.get(key);
          if (hit !== undefined) return hit;
          // Concurrent misses share one load instead of stampeding the database.
          const inFlight = pending.get(key);
          if (inFlight) return inFlight;
          const generation = local.generation;
          const load = factory()
            .then((value) => {
              // An invalidation during the load means the value may already be stale: do not keep it.
              if (local.generation === generation) local.set(key, value);
              return value;
            })
            .finally(() => pending.delete(key));
          pending.set(key, load);
          return load;
        },
        async invalidate(key) {
          local.delete(key);
          await broadcast(name, key);
        },
        async invalidateAll() {
          local.clear();
          await broadcast(name, ALL);
        },
      };
    },
    channel(name, onMessage) {
      channels.set(name, onMessage);
      return {
        async publish(message) {
          onMessage(message);
          await broadcast(name, message).catch((error: unknown) => options.onError?.(error));
        },
      };
    },
    async close() {
      await Promise.all([publisher?.quit(), subscriber?.quit()]);
    },
  };
}

/** A bounded map with expiry; the oldest entry goes first when it is full. */
class LocalCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  /** Bumped on every invalidation, so loads that started before it can tell. */
  generation = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.generation++;
    this.#entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.#entries.clear();
  }
}
