import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { TooManyRequestsError } from '../errors/business-error.js';

export interface LimitOutcome {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one attempt for `key`; `allowed` is false once the window's budget is spent. */
export type KeyedLimiter = (key: string) => Promise<LimitOutcome>;

const MINUTE_MS = 60_000;
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * @fastify/rate-limit, in Redis when REDIS_URL is set (so every instance shares the counts) and
 * in memory otherwise. Nothing is limited globally: routes opt in with `routeLimit`, and code
 * outside Fastify's routing (the token endpoint, user-name budgets) uses `keyed`. A Redis outage
 * lets requests through rather than taking sign-in down. Refusals are ABP's error with 429.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { redisUrl?: string; keyPrefix: string },
) {
  // A count that does not come back at once is skipped (skipOnError): a Redis that hangs costs a
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
    app.log.warn({ err: error }, 'rate-limit store unavailable: requests are let through');
  });
  redis?.on('ready', () => {
    if (!unavailable) return;
    unavailable = false;
    app.log.info('rate-limit store available again');
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    nameSpace: `${options.keyPrefix}rate-limit:`,
    skipOnError: true,
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
