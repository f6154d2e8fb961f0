import { Redis } from 'ioredis';
import { type BackgroundLogger, silentLogger } from '../async/background-logger.js';

/**
 * Two-level caching for a stateless cluster: every instance keeps values in its own memory, and an
 * invalidation is broadcast over Redis pub/sub (when REDIS_URL is set) so that every instance drops
 * its copy. The database stays the only source of truth. While an instance's subscription is down
 * it can miss invalidations, so its caches read through and keep nothing, and they are emptied
 * when it stands again; a TTL bounds staleness only where a message was lost otherwise (its sender
 * alone had lost Redis).
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
interface InvalidationChannel {
  /**
   * Runs the channel's handler here at once, then on every other instance. Never throws: the
   * change the message follows is committed already. While Redis reconnects the message waits
   * for it (up to ioredis's retries); one that cannot be sent is logged. The other instances then
   * either lost Redis too, and empty their caches when it is back, or, when only this instance
   * lost it, keep their copy until its TTL.
   */
  publish(message: string): Promise<void>;
}

export interface CacheHub {
  create<V>(name: string, options?: { maxEntries?: number; ttlMs?: number }): Cache<V>;
  /**
   * A named channel (names are shared with `create`'s) whose messages reach `onMessage`
   * everywhere; `onMissed` runs when messages may have been lost (Redis came back after an
   * outage): drop everything then.
   */
  channel(
    name: string,
    onMessage: (message: string) => void,
    onMissed?: () => void,
  ): InvalidationChannel;
  /**
   * Whether invalidations from other instances reach this one: always without Redis; with it,
   * only while subscribed. Caches are bypassed (read through, nothing kept) while they do not.
   */
  readonly listening: boolean;
  /**
   * Redis as this instance sees it, for operators (`/health/ready`): `none` without `REDIS_URL`,
   * `connecting` until first subscribed, `lost` while a subscription is down.
   */
  readonly redis: 'none' | 'connecting' | 'connected' | 'lost';
  /** Where Redis going away and coming back are reported (silent until set). */
  setLogger(logger: BackgroundLogger): void;
  close(): Promise<void>;
}

const ALL = '*';
/**
 * A Redis that hangs (frozen, or beyond a partition) keeps its connections open and answers
 * nothing: without a bound a change's invalidation waited for ever, and so did the request that
 * saved it. A command that takes longer than this counts as an outage; a ping this often finds one
 * while nothing is published.
 */
const COMMAND_TIMEOUT_MS = 2_000;
const PING_EVERY_MS = 5_000;

export function createCacheHub(
  options: {
    redisUrl?: string | undefined;
    /** REDIS_KEY_PREFIX: what this deployment's Redis keys and channel begin with. */
    keyPrefix?: string;
  } = {},
): CacheHub {
  const caches = new Map<string, LocalCache<unknown>>();
  const channels = new Map<string, (message: string) => void>();
  const missedHandlers: (() => void)[] = [];
  const instanceId = crypto.randomUUID();
  let logger: BackgroundLogger = silentLogger;
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  /** `connecting` until first subscribed; `lost` from a dropped subscription until the next. */
  let state: 'connecting' | 'listening' | 'lost' = options.redisUrl ? 'connecting' : 'listening';
  let lastError: unknown;
  /** Set by `close()`: the connections' end is then no outage to report. */
  let closing = false;

  /** The subscription is down (or refused): bypass the caches from now, and say so once. */
  const lose = () => {
    if (state === 'lost' || closing) return;
    state = 'lost';
    announceLost();
  };
  const announceLost = () =>
    logger.warn(
      { err: lastError },
      'Cache invalidations from other instances are not received: caches are bypassed until Redis takes the subscription again',
    );

  /** Redis stopped answering: bypass the caches, and connect afresh until it answers again. */
  const hung = (error: unknown) => {
    if (!(error instanceof Error) || error.message !== 'Command timed out' || closing) return;
    lastError = error;
    lose();
    publisher?.disconnect(true);
    subscriber?.disconnect(true);
  };
  let pinger: NodeJS.Timeout | undefined;
  let pubSubChannel = '';

  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    // Pub/sub ignores the database number of REDIS_URL, which keeps deployments' keys apart: the
    // channel names it, so that staging on database 1 does not empty production's caches on 0.
    pubSubChannel = `${options.keyPrefix ?? 'vineta:'}${publisher.options.db ?? 0}:cache-invalidation`;
    const listener = publisher.duplicate();
    subscriber = listener;
    const talker = publisher;
    pinger = setInterval(() => {
      if (talker.status === 'ready') talker.ping().catch(hung);
    }, PING_EVERY_MS).unref();
    // Every reconnection attempt fails with an error event; the state changes below are logged.
    for (const client of [publisher, listener])
      client.on('error', (error) => {
        lastError = error;
      });
    // After every (re)connection, before anything is kept again: what was cached may have missed
    // invalidations while the subscription was down (or before it first stood).
    listener.on('ready', () => {
      listener.subscribe(pubSubChannel).then(
        () => {
          for (const local of caches.values()) local.clear();
          for (const missed of missedHandlers) missed();
          if (state === 'lost')
            logger.info({}, 'Cache invalidations from other instances are received again');
          state = 'listening';
        },
        (error: unknown) => {
          // The connection went again: its 'close' follows. Otherwise Redis refused (an ACL
          // without pub/sub, say): said once, as an outage is.
          if (listener.status !== 'ready') return;
          lastError = error;
          lose();
        },
      );
    });
    listener.on('close', lose);
    listener.on('message', (_channel: string, message: string) => {
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

  /**
   * Tells the other instances; never throws (see InvalidationChannel.publish). While this
   * instance's connection reconnects the message waits in ioredis's queue (up to its retries) and
   * the caller does not: instances that kept their own subscription would not empty their caches,
   * so the message must still reach them. One that cannot be sent is logged.
   */
  function broadcast(cache: string, key: string): Promise<void> {
    if (!publisher) return Promise.resolve();
    const sent = publisher
      .publish(pubSubChannel, JSON.stringify({ from: instanceId, cache, key }))
      .then(
        () => undefined,
        (error: unknown) => {
          logger.warn(
            { err: error, cache },
            'A cache invalidation could not be sent to other instances',
          );
          hung(error);
        },
      );
    return publisher.status === 'ready' ? sent : Promise.resolve();
  }

  const listening = () => state === 'listening';

  return {
    create<V>(name: string, cacheOptions: { maxEntries?: number; ttlMs?: number } = {}): Cache<V> {
      const local = new LocalCache<V>(
        cacheOptions.maxEntries ?? 10_000,
        cacheOptions.ttlMs ?? 5 * 60_000,
      );
      caches.set(name, local as LocalCache<unknown>);
      const pending = new Map<string, Promise<V>>();
      // Nothing is read from memory while invalidations may be missed.
      const read = (key: string) => (listening() ? local.get(key) : undefined);
      return {
        get: read,
        set: (key, value) => {
          if (listening()) local.set(key, value);
        },
        async getOrAdd(key, factory) {
          const hit = read(key);
          if (hit !== undefined) return hit;
          // Concurrent misses share one load instead of stampeding the database.
          const inFlight = pending.get(key);
          if (inFlight) return inFlight;
          const generation = local.generation;
          const load = factory()
            .then((value) => {
              // An invalidation during the load means the value may already be stale: do not keep it.
              if (listening() && local.generation === generation) local.set(key, value);
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
    channel(name, onMessage, onMissed) {
      channels.set(name, onMessage);
      if (onMissed) missedHandlers.push(onMissed);
      return {
        async publish(message) {
          onMessage(message);
          await broadcast(name, message);
        },
      };
    },
    get listening() {
      return listening();
    },
    get redis() {
      if (!options.redisUrl) return 'none';
      return state === 'listening' ? 'connected' : state;
    },
    setLogger(next) {
      logger = next;
      // Redis may have been out of reach before there was anyone to tell.
      if (state === 'lost') announceLost();
    },
    async close() {
      closing = true;
      clearInterval(pinger);
      await Promise.all([publisher?.quit(), subscriber?.quit()]);
    },
  };
}

/**
 * A bounded map with expiry. When it is full, an expired entry or the oldest one not read since
 * it was last passed over goes (the CLOCK algorithm, an approximation of least recently used): a
 * hot key (the host's configuration, a busy tenant's settings) stays while a crowd of keys read
 * once (a scan of many users' tokens) passes through. A read only sets a flag; the entries are
 * reordered only when one must go.
 */
class LocalCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number; read: boolean }>();
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
    entry.read = true;
    return entry.value;
  }

  set(key: string, value: V): void {
    const now = Date.now();
    if (this.#entries.size >= this.maxEntries && !this.#entries.has(key)) this.#evictOne(now);
    this.#entries.set(key, { value, expires: now + this.ttlMs, read: false });
  }

  /**
   * From the oldest: an expired or unread entry goes; a read one loses its flag and moves to the
   * end (a Map's iteration visits it again last). Ends within one pass plus one entry.
   */
  #evictOne(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.read && entry.expires >= now) {
        entry.read = false;
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        continue;
      }
      this.#entries.delete(key);
      return;
    }
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
