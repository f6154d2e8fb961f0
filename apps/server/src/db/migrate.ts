import {
  type Kysely,
  type Migration,
  type MigrationResultSet,
  Migrator,
  NO_MIGRATIONS,
} from 'kysely';
import { migrations } from './migrations.js';

function migratorFor(db: Kysely<unknown>, set: Record<string, Migration> = migrations): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => set },
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
}

function unwrap({ error, results }: MigrationResultSet): string[] {
  if (error) throw error;
  return (results ?? []).map((result) => `${result.direction} ${result.migrationName}`);
}

/**
 * Brings the schema up to date in one transaction, which is also the lock between instances
 * (PostgreSQL's advisory lock; SQLite's `begin immediate`, transactional-sqlite-adapter.ts): a
 * run that fails or is killed leaves the schema as it was. `set`: another list, for tests.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  set: Record<string, Migration> = migrations,
): Promise<string[]> {
  return unwrap(await migratorFor(db, set).migrateToLatest());
}

export async function migrateDown(db: Kysely<unknown>): Promise<string[]> {
  return unwrap(await migratorFor(db).migrateDown());
}

export async function migrateToEmpty(db: Kysely<unknown>): Promise<string[]> {
  return unwrap(await migratorFor(db).migrateTo(NO_MIGRATIONS));
}

/** Up or down to the named migration: for tests of a migration's work on existing rows. */
export async function migrateTo(db: Kysely<unknown>, name: string): Promise<string[]> {
  return unwrap(await migratorFor(db).migrateTo(name));
}
