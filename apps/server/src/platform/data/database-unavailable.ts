/** How long a client is asked to wait (Retry-After) before repeating what the database refused. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Whether an error says the database cannot be reached or used right now, rather than that the
 * request or the code is wrong: a request that failed so may succeed unchanged a moment later,
 * and is answered 503 with Retry-After (error-handler.ts) instead of ABP's 500.
 *
 * - PostgreSQL: whatever keeps this server from getting or keeping a connection, or from using
 *   the database for a while, none of which the request caused: SQLSTATE class 08 (connection
 *   exception); the session ended by an operator or the server (57P01 shutdown, 57P02 crash,
 *   57P03 starting up, 57P04 database dropped, 57P05 idle timeout); too many connections (53300);
 *   the disk full (53100, as SQLite's below); the database named in DATABASE_URL missing (3D000,
 *   raised only when connecting: a restore that drops and makes it again, say) or closed to new
 *   connections (55000 from the connection's start, `ALTER DATABASE … ALLOW_CONNECTIONS false`;
 *   55000 is also raised by misused objects, which are defects); and read-only transactions
 *   (25006: a failover that left this server on a standby, or an operator's
 *   `default_transaction_read_only` during maintenance). Not a cancelled statement (57014): a
 *   statement timeout says the query was too slow, which the same request would be again;
 * - node-postgres' own connection failures, which carry a socket error code or only a message;
 * - SQLite: the file locked by another process beyond the busy timeout, the disk full, an I/O
 *   error, the file gone.
 *
 * Errors are followed through `cause`, as a driver or a wrapper may nest the original.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, routine } = current as {
      code?: unknown;
      message?: unknown;
      routine?: unknown;
    };
    if (typeof code === 'string' && unavailableCode(code)) return true;
    if (code === '55000' && closedToConnections(routine, message)) return true;
    if (typeof message === 'string' && POOL_CONNECTION_FAILURE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const POSTGRES_STATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '57P05',
  '53300',
  '53100',
  '3D000',
  '25006',
]);
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

/**
 * PostgreSQL's refusal of a connection to a database that does not take any now. The message
 * follows the server's lc_messages; the routine that raises it is the same in every language.
 */
function closedToConnections(routine: unknown, message: unknown): boolean {
  return (
    routine === 'CheckMyDatabase' ||
    (typeof message === 'string' && message.endsWith('is not currently accepting connections'))
  );
}

function unavailableCode(code: string): boolean {
  return (
    POSTGRES_STATES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    SOCKET_ERRORS.has(code) ||
    /^SQLITE_(BUSY|FULL|IOERR|CANTOPEN)/.test(code)
  );
}
