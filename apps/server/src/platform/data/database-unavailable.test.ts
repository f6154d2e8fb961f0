import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['PostgreSQL shutting down', withCode('57P01')],
    ['PostgreSQL starting up', withCode('57P03')],
    ['a connection exception', withCode('08006')],
    ['too many connections', withCode('53300')],
    [
      'a database closed to connections',
      Object.assign(withCode('55000', 'database "x" is not currently accepting connections'), {
        routine: 'CheckMyDatabase',
      }),
    ],
    [
      'a database closed to connections, in another language',
      Object.assign(withCode('55000', 'la base de datos «x» no está aceptando conexiones'), {
        routine: 'CheckMyDatabase',
      }),
    ],
    ['the database gone', withCode('3D000', 'database "x" does not exist')],
    ['a server left read-only by a failover', withCode('25006')],
    ['a session ended for being idle', withCode('57P05')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a connection pg saw end', new Error('Connection terminated unexpectedly')],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['SQLite locked by another process', withCode('SQLITE_BUSY')],
    ['a stale SQLite snapshot', withCode('SQLITE_BUSY_SNAPSHOT')],
    ['a full disk', withCode('SQLITE_FULL')],
    ['an I/O error', withCode('SQLITE_IOERR_WRITE')],
    ['one of those as a cause', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('holds for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['another object in the wrong state', withCode('55000', 'currval is not yet defined')],
    ['a statement timeout', withCode('57014')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain error', new Error('undefined is not a function')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('does not hold for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
