import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['PostgreSQL shutting down', withCode('57P01')],
    ['PostgreSQL starting up', withCode('57P03')],
    ['a connection exception', withCode('08006')],
    ['too many connections', withCode('53300')],
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
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain error', new Error('undefined is not a function')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('does not hold for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
