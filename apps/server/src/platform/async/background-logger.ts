/** The part of pino (and Fastify's logger) a background job (mail outbox, purges) logs through. */
export interface BackgroundLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Until a job is started with the app's logger. */
export const silentLogger: BackgroundLogger = { info() {}, warn() {}, error() {} };
