import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppDataContext } from '../../db/database.js';

/** Liveness says the process answers; readiness that the database does too. */
export const healthRoutes: FastifyPluginAsyncZod<{ data: AppDataContext }> = async (
  app,
  { data },
) => {
  app.get('/health/live', { schema: { tags: ['Health'] } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { schema: { tags: ['Health'] } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(data.db);
      return { status: 'ok', database: data.dialect };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: data.dialect });
    }
  });
};
