import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * A role's permission grants are keyed by the role's name, which may have 256 characters, while
 * `permission_grants.provider_key` had ABP's 64: on PostgreSQL renaming a role with grants to a
 * longer name failed (500), and such a role could never be granted anything. The column takes a
 * role name now. SQLite does not enforce `varchar` lengths, so only PostgreSQL changes.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table permission_grants alter column provider_key type varchar(256)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // Grants of longer role names cannot go back into 64 characters: they go with the old limit.
  await sql`delete from permission_grants where length(provider_key) > 64`.execute(db);
  await sql`alter table permission_grants alter column provider_key type varchar(64)`.execute(db);
}
