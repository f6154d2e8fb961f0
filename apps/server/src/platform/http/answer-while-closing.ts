import type { FastifyInstance } from 'fastify';
import { headerCulture, sendServiceUnavailable } from '../errors/error-handler.js';
import type { Localizer } from '../localization/localizer.js';

/**
 * Once the instance is closing (SIGTERM), a request that still comes on a kept-alive connection
 * gets ABP's 503 in the caller's language, with Retry-After and `Connection: close`, as during a
 * database outage: the load balancer's or client's retry then reaches another instance. Fastify's
 * own answer was a plain English body in no format ABP's clients read. Requests under way finish.
 */
export function answerWhileClosing(app: FastifyInstance, localizer: Localizer): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    void reply.header('connection', 'close');
    sendServiceUnavailable(localizer, request, reply, headerCulture(request, localizer));
  });
}
