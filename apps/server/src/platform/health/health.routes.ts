import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppDataContext } from '../../db/database.js';
import type { CacheHub } from '../caching/cache.js';
import { RETRY_AFTER_SECONDS } from '../data/database-unavailable.js';

/**
 * Liveness says the process answers; readiness that the database does too (503 when it does
 * not). Redis is reported but never makes an instance unready: without it caches read through
 * to the database (cache.ts), so the instance serves correctly, only slower. That is `degraded`,
 * still 200, as ASP.NET Core's health checks answer a degraded service (ABP's hosts use them).
 * An instance about to stop (SIGTERM, main.ts) is unready (`stopping`) while it still serves.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  data: AppDataContext;
  cache: CacheHub;
  draining(): boolean;
}> = async (app, { data, cache, draining }) => {
  app.get('/health/live', { schema: { tags: ['Health'] } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { schema: { tags: ['Health'] } }, async (request, reply) => {
    const { redis } = cache;
    const report = { database: data.dialect, ...(redis === 'none' ? {} : { redis }) };
    if (draining()) {
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'stopping', ...report });
    }
    try {
      await sql`select 1`.execute(data.db);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', ...report });
    }
    return { status: cache.listening ? 'ok' : 'degraded', ...report };
  });
};
