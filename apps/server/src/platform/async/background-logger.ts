import { isDatabaseUnavailable } from '../data/database-unavailable.js';

/** The part of pino (and Fastify's logger) a background job (mail outbox, purges) logs through. */
export interface BackgroundLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Until a job is started with the app's logger. */
export const silentLogger: BackgroundLogger = { info() {}, warn() {}, error() {} };

/**
 * A logger handed out before the app's exists (the database is built with the services, before
 * Fastify): it writes to the logger `use` gives it, and nowhere until then.
 */
export function createForwardingLogger(): BackgroundLogger & {
  use(logger: BackgroundLogger): void;
} {
  let target = silentLogger;
  return {
    info: (details, message) => target.info(details, message),
    warn: (details, message) => target.warn(details, message),
    error: (details, message) => target.error(details, message),
    use(logger) {
      target = logger;
    },
  };
}

/**
 * A background job's round that failed (`job` names it: "Mail outbox poll"). A database that is
 * locked or out of reach is waited out, as the next round tries again and loses nothing: a
 * warning, not a fault to page anyone about. Anything else is an error.
 */
export function logRoundFailure(logger: BackgroundLogger, job: string, error: unknown): void {
  if (isDatabaseUnavailable(error))
    logger.warn({ err: error }, `${job} deferred: the database is unavailable`);
  else logger.error({ err: error }, `${job} failed`);
}
