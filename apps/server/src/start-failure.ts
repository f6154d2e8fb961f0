import { type Config, ConfigError, type DatabaseTarget } from './config.js';
import { SqliteFileInUseError } from './db/sqlite/sqlite-instance-lock.js';
import { isDatabaseUnavailable } from './platform/data/database-unavailable.js';
import { UndecryptableSecretError } from './platform/security/string-encryption.js';

/** Where a database is, for an operator: the file, or PostgreSQL's host, port and name (no credentials). */
function databaseLocation(target: DatabaseTarget): string {
  if (target.dialect === 'sqlite') return target.file;
  try {
    const url = new URL(target.connectionString);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * An error that a database server or driver raised (a SQLSTATE, a SQLite code, a lost
 * connection), or a file system's refusal to make the SQLite file or its folders.
 */
function fromDatabase(error: unknown, target: DatabaseTarget): boolean {
  const { code, severity, path } = (error ?? {}) as {
    code?: unknown;
    severity?: unknown;
    path?: unknown;
  };
  if (isDatabaseUnavailable(error)) return true;
  if (typeof code !== 'string') return false;
  if (code.startsWith('SQLITE_') || typeof severity === 'string') return true;
  return (
    target.dialect === 'sqlite' &&
    typeof path === 'string' &&
    (target.file === path || target.file.startsWith(`${path}/`))
  );
}

/**
 * One line for the operator when the server cannot start for a reason outside its code: a
 * database it cannot reach or use, an address it cannot listen on, or a setting that only the
 * start could judge (an ADMIN_PASSWORD the password rules refuse). Undefined for anything
 * else, whose stack trace is what is wanted.
 */
export function startFailureMessage(error: unknown, config: Config): string | undefined {
  const { code, message, syscall } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    syscall?: unknown;
  };
  const reason = `${String(message)}${typeof code === 'string' && !String(message).includes(code) ? ` (${code})` : ''}`;
  // EACCES also comes from files: only the listen call's own errors are about the address.
  if (syscall === 'listen') {
    return `Cannot listen on ${config.host}:${config.port}: ${reason}`;
  }
  if (fromDatabase(error, config.database)) {
    return `Cannot use the database at ${databaseLocation(config.database)}: ${reason}`;
  }
  if (error instanceof SqliteFileInUseError) {
    return `Another instance is using the database at ${error.file}: give each instance its own DATA_DIR, or set REDIS_URL so that instances sharing it hear of each other's changes`;
  }
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
  if (error instanceof UndecryptableSecretError) {
    return `ENCRYPTION_KEY: the secrets in the database at ${databaseLocation(config.database)} were written with another key (set ENCRYPTION_KEY, or ${config.dataDir}/encryption.key, to that one)`;
  }
  return undefined;
}
