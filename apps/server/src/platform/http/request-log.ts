import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { redactUrl } from './log-redaction.js';

/** pino's level numbers; an unknown level (`silent`) writes nothing. */
const levels: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50 };
const writes = (loggerLevel: string, level: string) =>
  (levels[loggerLevel] ?? Number.POSITIVE_INFINITY) <= (levels[level] ?? 0);

/** Load balancers ask these every few seconds; at info they would drown every other line. */
function isHealthProbe(request: FastifyRequest): boolean {
  return request.url.startsWith('/health/');
}

/**
 * One line a request, written when it ends, that says what was asked and how it ended: Fastify's
 * own pair of lines says the method and URL only on the first and the status only on the second,
 * so a reader had to join them by request id. Secrets are taken out of the URL (log-redaction).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Most deployments log at `warn` and above: nothing to write, nor to build (the URL's redaction).
    if (!error && !writes(reply.log.level, 'info')) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (isHealthProbe(request)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
