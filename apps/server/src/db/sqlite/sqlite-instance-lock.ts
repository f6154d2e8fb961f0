import Database from 'better-sqlite3';

/** Another running instance holds the SQLite file. */
export class SqliteFileInUseError extends Error {
  override name = 'SqliteFileInUseError';
  constructor(readonly file: string) {
    super(`Another instance is using the SQLite file ${file}`);
  }
}

/**
 * One instance per SQLite file, unless Redis tells instances of each other's changes: two on one
 * file each kept their caches (permissions, settings, accounts) for minutes after the other
 * changed what they hold, so a permission taken away on one still worked on the other.
 *
 * The lock is an exclusive SQLite lock on `<file>.instance`, held for the process's life: the
 * operating system drops it when the process ends, however it ends, so a killed instance leaves
 * nothing stale behind, and a new one starts at once.
 */
export function lockSqliteFileForInstance(file: string): { release(): void } {
  const lock = new Database(`${file}.instance`, { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw new SqliteFileInUseError(file);
    throw error;
  }
  return { release: () => lock.close() };
}
