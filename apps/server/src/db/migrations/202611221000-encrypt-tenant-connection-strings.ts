import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * Tenant connection strings carry database passwords, so they are stored encrypted from now on;
 * the encrypted form of a 1024-character value is longer than 1024. PostgreSQL enforces the
 * `varchar` limit, SQLite does not (its column types are affinities), so only PostgreSQL changes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('tenant_connection_strings')
    .alterColumn('value', (column) => column.setDataType('text'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('tenant_connection_strings')
    .alterColumn('value', (column) => column.setDataType('varchar(1024)'))
    .execute();
}
