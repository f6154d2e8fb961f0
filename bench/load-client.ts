import { createRequire } from 'node:module';
import autocannonAsShipped from 'autocannon';

export type { Options } from 'autocannon';

/**
 * autocannon, keeping only the bodies of failed answers.
 *
 * autocannon appends every chunk of every answer body to a string (`body += chunk`), which decodes
 * it as UTF-8 whether or not anyone reads it. For the application configuration, a 9 KB brotli
 * body, that decoding was 64 % of the client's CPU (Buffer#toString in its profile): 130 µs of
 * client time a request against 23 µs for the bare route, so that the client's core, not the
 * server, set the rate (7 600/s with the server 66 % idle, 2026-11-28). The bench reads a body
 * only to report the first failure, so a body is kept only once its status says it failed.
 */
interface PendingAnswer {
  body: string;
  headers: { statusCode?: number };
}
interface PipelinedRequestsQueue {
  peek(): PendingAnswer | undefined;
  addBody(data: Buffer): void;
}

const require = createRequire(import.meta.url);
const queue: {
  prototype: PipelinedRequestsQueue;
} = require('autocannon/lib/pipelinedRequestsQueue.js');
const appendBody = queue.prototype.addBody;
queue.prototype.addBody = function addFailedBody(this: PipelinedRequestsQueue, data: Buffer) {
  const status = this.peek()?.headers.statusCode;
  if (status === undefined || status >= 300) appendBody.call(this, data);
};

/** autocannon itself, once its queue keeps only failed bodies. */
export const autocannon = autocannonAsShipped;
