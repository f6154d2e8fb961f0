import { describe, expect, it } from 'vitest';
import type { Config } from './config.js';
import { startFailureMessage } from './start-failure.js';

// main.test.ts starts the server for real; these are the cases a test machine cannot stage (a
// root-owned folder, a refused password) and the errors that must keep their stack.

const sqlite = {
  host: '0.0.0.0',
  port: 3000,
  database: { dialect: 'sqlite', file: '/srv/vineta/data/vineta.sqlite' },
} as Config;
const postgres = {
  ...sqlite,
  database: {
    dialect: 'postgres',
    connectionString: 'postgres://vineta:s3cret@db.internal/vineta',
  },
} as Config;

const fsError = (code: string, syscall: string, path: string) =>
  Object.assign(new Error(`${code}: refused, ${syscall} '${path}'`), { code, syscall, path });

describe('startFailureMessage', () => {
  it('puts a folder of the SQLite file that cannot be made on the database, not on the port', () => {
    expect(startFailureMessage(fsError('EACCES', 'mkdir', '/srv/vineta/data'), sqlite)).toBe(
      "Cannot use the database at /srv/vineta/data/vineta.sqlite: EACCES: refused, mkdir '/srv/vineta/data'",
    );
  });

  it('puts a port it may not listen on on the address', () => {
    const error = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), {
      code: 'EACCES',
      syscall: 'listen',
    });
    expect(startFailureMessage(error, sqlite)).toBe(
      'Cannot listen on 0.0.0.0:3000: listen EACCES: permission denied 0.0.0.0:80',
    );
  });

  it('names a refused PostgreSQL login by host and database, never by its password', () => {
    const error = Object.assign(new Error('password authentication failed for user "vineta"'), {
      code: '28P01',
      severity: 'FATAL',
    });
    expect(startFailureMessage(error, postgres)).toBe(
      'Cannot use the database at db.internal:5432/vineta: password authentication failed for user "vineta" (28P01)',
    );
  });

  it('leaves everything else to its stack trace', () => {
    expect(startFailureMessage(new TypeError('x is not a function'), sqlite)).toBeUndefined();
    expect(
      startFailureMessage(fsError('ENOENT', 'open', '/srv/vineta/web'), sqlite),
    ).toBeUndefined();
  });
});
