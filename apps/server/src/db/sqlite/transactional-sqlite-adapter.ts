import { SqliteAdapter } from 'kysely';

/**
 * Kysely's SQLite adapter, declaring the transactional DDL that SQLite has: Kysely's migrator then
 * runs a whole migration run in one transaction (`begin immediate`, immediate-sqlite-driver.ts),
 * as it does on PostgreSQL. Without it each migration ran statement by statement, recorded apart
 * from its work: a start killed or failing inside a migration left tables that the next start
 * tried to create again ("already exists"), so the server could no longer start; and two
 * processes starting on one file ran the same migrations side by side, since the adapter's
 * migration lock does nothing (it counts on a single connection, which a second process is not).
 * The immediate transaction is that lock: the second waits, then finds nothing left to do.
 * Only the migrator reads this flag.
 */
export class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
