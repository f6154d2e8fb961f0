import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Localizer } from '../localization/localizer.js';
import { bootPages } from './boot-page.js';

/**
 * Paths the SPA never answers: the API, the sign-in server and the documentation keep their 404s,
 * also when written with repeated slashes (`//api//…`, which the router does not match either);
 * so does a build file that is not there (a tab older than the last deploy asks for the files it
 * knew: the page in their place would fail as a script, later and less plainly).
 */
const serverPaths = /^\/+(api|connect|\.well-known|swagger|health|interaction|assets)(\/|$)/;

/**
 * Serves the built web app and answers `index.html` for every other GET that wants a page, so that
 * deep links (`/identity/users`) load the SPA. Hashed assets are cached for a year, the page never.
 * The page comes in the request's culture (boot-page.ts): its language, direction and loading text.
 */
export async function registerSpa(app: FastifyInstance, root: string, localizer: Localizer) {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'the web app is not built; run `npm run build` to serve it');
    return { serveIndex: undefined };
  }
  const pageIn = bootPages(readFileSync(indexFile, 'utf8'), localizer);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // HEAD too: a monitor or a link checker asks for the page's headers (Node sends no body).
  const serveIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !serverPaths.test(request.url);
    if (!wantsPage) return false;
    void reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageIn(request.culture));
    return true;
  };
  // Nothing returned: Fastify sends what a handler returns, and a second send after the page
  // logged a 500 for every visit to the root.
  app.get('/', (request, reply) => {
    serveIndex(request, reply);
  });
  return { serveIndex };
}
