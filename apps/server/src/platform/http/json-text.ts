import type { FastifyReply } from 'fastify';

/**
 * Sends a reply that is JSON text already (a page written by the database, say): Fastify sends a
 * string with a JSON content type as it is, without the route's serializer, while the route's
 * response schema still documents it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
