import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * The users list's state filters (ABP's `notActive` and `isLockedOut`) read their rare side
 * through these: a tenant's inactive users, and its users with a lockout end (locked out now, or
 * until a lockout that ran out is cleared by a sign-in or an unlock). Without them, listing a
 * tenant's few inactive users walked all of its users. Each index holds only such users, so it
 * costs nothing where there are none; the second covers the count of those locked out now, which
 * is made on every such request (a lockout runs out as time passes, so it is never cached). Their
 * leading columns are the list's own `(tenant_id, is_deleted, …)`, and each adds a column the
 * query constrains, which is what makes SQLite, without statistics, prefer it when the list reads
 * them first. The predicates are spelled as the list's queries spell them, so that both engines
 * can prove they match.
 */

// biome-ignore lint/suspicious/noExplicitAny: see below
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('ix_identity_users_inactive')
    .on('identity_users')
    .columns(['tenant_id', 'is_deleted', 'is_active'])
    .where(sql.raw<boolean>(isPostgres(db) ? 'is_active = false' : 'is_active = 0'))
    .execute();
  await db.schema
    .createIndex('ix_identity_users_lockout_ends')
    .on('identity_users')
    .columns(['tenant_id', 'is_deleted', 'lockout_end', 'lockout_enabled'])
    .where(sql.raw<boolean>('lockout_end is not null'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ix_identity_users_lockout_ends').execute();
  await db.schema.dropIndex('ix_identity_users_inactive').execute();
}
