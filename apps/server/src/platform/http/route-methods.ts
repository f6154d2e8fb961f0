import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

/** The router options that decide which path a route matches: Fastify's (app.ts) and ours. */
export const routeMatching = {
  ignoreTrailingSlash: true,
  // Fastify's 100 refused a valid 150-character user name in /by-username/{userName} (414): room
  // for the longest path value the API takes (256 characters, percent-encoded), whose schema then
  // answers a longer one with its localized length message.
  maxParamLength: 1024,
} as const;

const noHandler = () => undefined;

/**
 * The methods each registered path answers, so that a request with another method gets ASP.NET's
 * 405 and `Allow` instead of a 404: Fastify's router only tells that nothing matched the method
 * and the path together. The routes are copied, as registered, into a router of their own (the
 * same library, matching alike). Call before any route is registered.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const router = FindMyWay(routeMatching);
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    // Fastify takes methods in any case; the router, like HTTP, in upper case.
    for (const method of [route.method].flat().map((name) => name.toUpperCase() as HTTPMethod)) {
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, noHandler);
      methods.add(method);
    }
  });
  return (path) => [...methods].filter((method) => router.find(method, path) !== null);
}
