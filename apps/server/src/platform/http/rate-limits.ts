import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { normalize } from '../data/audit.js';
import { TooManyRequestsError } from '../errors/business-error.js';

interface LimitOutcome {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one attempt for `key`; `allowed` is false once the window's budget is spent. */
export type KeyedLimiter = (key: string) => Promise<LimitOutcome>;

/** A limiter of one account's attempts: its tenant (`null`, the host) and its name or e-mail. */
export type AccountLimiter = (tenantId: string | null, name: string) => Promise<LimitOutcome>;

/**
 * Counts per account, the name as the account lookup normalizes it (NFKC, upper case): `ａｄｍｉｎ`
 * and `Admin` spend `admin`'s budget instead of each having their own, and attempts in one tenant
 * do not spend another's (audit G: junk sent under a made-up tenant blocked `admin` everywhere).
 */
export function perAccount(limiter: KeyedLimiter): AccountLimiter {
  return (tenantId, name) => limiter(`${tenantId ?? ''}/${normalize(name.trim())}`);
}

const MINUTE_MS = 60_000;
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * @fastify/rate-limit, in Redis when REDIS_URL is set (so every instance shares the counts) and
 * in memory otherwise. Nothing is limited globally: routes opt in with `routeLimit`, and code
 * outside Fastify's routing (the token endpoint, user-name budgets) uses `keyed`. While Redis is
 * away each instance counts alone, so a limit still holds per instance (a client spread over n
 * instances gets up to n times it) rather than not at all. Refusals are ABP's error with 429.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { redisUrl?: string; keyPrefix: string },
) {
  // A count that does not come back at once is made here instead: a Redis that hangs costs a
  // sign-in half a second, and one that is away nothing, instead of holding every sign-in.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      })
    : undefined;
  // Once an outage, not at every reconnection attempt.
  let unavailable = false;
  redis?.on('error', (error) => {
    if (unavailable) return;
    unavailable = true;
    app.log.warn(
      { err: error },
      'rate-limit store unavailable: this instance counts requests alone until it is back',
    );
  });
  redis?.on('ready', () => {
    if (!unavailable) return;
    unavailable = false;
    app.log.info('rate-limit store available again');
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: redisOrLocalStore(redis, `${options.keyPrefix}rate-limit:`) } : {}),
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(Math.ceil(context.ttl / 1000)),
  });
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });

  return {
    /** A route's `config`: at most `perMinute` requests per client IP (0: unlimited). */
    routeLimit(perMinute: number, keyGenerator?: (request: FastifyRequest) => string) {
      if (perMinute <= 0) return {};
      return {
        rateLimit: {
          max: perMinute,
          timeWindow: MINUTE_MS,
          ...(keyGenerator ? { keyGenerator } : {}),
        },
      };
    },
    keyed(name: string, perMinute: number): KeyedLimiter {
      if (perMinute <= 0) return async () => ({ allowed: true, retryAfterSeconds: 0 });
      const limit = app.createRateLimit({
        max: perMinute,
        timeWindow: MINUTE_MS,
        keyGenerator: (request) =>
          `${name}:${(request as unknown as { limitKey: string }).limitKey}`,
      });
      return async (key) => {
        // The limiter only reads the key and the route's options from the "request".
        const fake = { limitKey: key, routeOptions: { config: {} } } as unknown as FastifyRequest;
        const outcome = await limit(fake);
        return {
          allowed: outcome.isAllowed || !outcome.isExceeded,
          retryAfterSeconds: 'ttlInSeconds' in outcome ? outcome.ttlInSeconds : 0,
        };
      };
    },
  };
}

export type RateLimits = Awaited<ReturnType<typeof registerRateLimits>>;

type Count = { current: number; ttl: number };
type Counted = (error: Error | null, result?: Count) => void;

/** A fixed window in Redis: the first request of a window starts its expiry. */
const COUNT_IN_REDIS = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}
`;
/** Keys kept in memory while Redis is away; the expired go first, then the oldest. */
const MAX_LOCAL_KEYS = 10_000;

/**
 * Counts in Redis while it is connected and answers, and in this instance's memory otherwise
 * (never an error, so a limit never lapses). A route's counts are apart from another's.
 */
function redisOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const local = new Map<string, { current: number; resetAt: number }>();
  const countHere = (key: string, timeWindow: number): Count => {
    const now = Date.now();
    let entry = local.get(key);
    if (!entry || entry.resetAt <= now) {
      local.delete(key);
      if (local.size >= MAX_LOCAL_KEYS) {
        for (const [old, { resetAt }] of local) if (resetAt <= now) local.delete(old);
        const oldest = local.keys().next().value;
        if (local.size >= MAX_LOCAL_KEYS && oldest !== undefined) local.delete(oldest);
      }
      entry = { current: 0, resetAt: now + timeWindow };
      local.set(key, entry);
    }
    entry.current++;
    return { current: entry.current, ttl: entry.resetAt - now };
  };
  // The plugin makes one with its options, and a child for each limit with that limit's.
  class RedisOrLocalStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = nameSpace,
    ) {}

    incr(key: string, callback: Counted, timeWindow: number) {
      const full = `${this.prefix}${key}`;
      if (redis.status !== 'ready') return callback(null, countHere(full, timeWindow));
      redis.eval(COUNT_IN_REDIS, 1, full, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        () => callback(null, countHere(full, timeWindow)),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new RedisOrLocalStore(
        undefined,
        route?.url ? `${this.prefix}${route.method}${route.url}:` : this.prefix,
      );
    }
  }
  return RedisOrLocalStore;
}
