/** How long a client is asked to wait (Retry-After) before repeating what the database refused. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Whether an error says the database cannot be reached or used right now, rather than that the
 * request or the code is wrong: a request that failed so may succeed unchanged a moment later,
 * and is answered 503 with Retry-After (error-handler.ts) instead of ABP's 500.
 *
 * - PostgreSQL: SQLSTATE class 08 (connection exception), the server shutting down or starting
 *   up (57P01–57P03), too many connections (53300);
 * - node-postgres' own connection failures, which carry a socket error code or only a message;
 * - SQLite: the file locked by another process beyond the busy timeout, the disk full, an I/O
 *   error, the file gone.
 *
 * Errors are followed through `cause`, as a driver or a wrapper may nest the original.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && unavailableCode(code)) return true;
    if (typeof message === 'string' && POOL_CONNECTION_FAILURE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
/** What pg and pg-pool throw when a connection ends or cannot be had, without a code. */
const POOL_CONNECTION_FAILURE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

function unavailableCode(code: string): boolean {
  return (
    POSTGRES_STATES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    SOCKET_ERRORS.has(code) ||
    /^SQLITE_(BUSY|FULL|IOERR|CANTOPEN)/.test(code)
  );
}
