import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every response, worked out once. @fastify/helmet, used before,
 * built helmet's middleware anew for each request (parsing the CSP directives every time): a tenth
 * of a bare route's CPU time in `npm run bench`. The headers depend on the options only, so helmet
 * runs once here against a recording response, and each request gets the recorded headers.
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  } as unknown as ServerResponse;
  helmet(options)({} as never, recorder, () => {});

  app.addHook('onRequest', (_request, reply, done) => {
    const response = reply.raw;
    for (const [name, value] of headers) response.setHeader(name, value);
    for (const name of removed) response.removeHeader(name);
    done();
  });
}

export const securityHeadersPlugin = fastifyPlugin(securityHeaders, { name: 'security-headers' });
