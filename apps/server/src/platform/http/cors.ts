import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { ABP_ERROR_FORMAT_HEADER } from '../errors/error-handler.js';
import { TENANT_RESOLVE_ERROR_HEADER } from '../multi-tenancy/tenant-resolver.js';

/** What a script on another origin may read of an answer: ABP's error and tenant headers, and when to retry. */
const exposedHeaders = [
  ABP_ERROR_FORMAT_HEADER,
  TENANT_RESOLVE_ERROR_HEADER,
  'Retry-After',
  'WWW-Authenticate',
  'X-Request-Id',
];

/**
 * ABP's `App:CorsOrigins`: web apps served from other origins (ABP's Angular app on its own port,
 * say) call the API from the browser, with credentials, and read ABP's headers. Only the API's
 * paths: the sign-in server answers CORS on its own endpoints with the same origins (oidc-provider's
 * `clientBasedCORS`). Nothing is registered when no other origin is configured, so a deployment
 * on one origin pays no hook.
 */
export async function registerApiCors(
  app: FastifyInstance,
  allowedOrigins: readonly string[],
): Promise<void> {
  if (allowedOrigins.length === 0) return;
  const allowed = new Set(allowedOrigins);
  const api = {
    // A refused origin gets no CORS headers, and its preflight the API's 405.
    origin: (origin: string | undefined, answer: (error: null, allow: boolean) => void) =>
      answer(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders,
    maxAge: 600,
  };
  await app.register(fastifyCors, {
    hideOptionsRoute: true,
    delegator: (request, answer) =>
      answer(null, request.url.startsWith('/api/') ? api : { origin: false }),
  });
}
