import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * The users whose password hash is not argon2id (ASP.NET Identity's PBKDF2, taken over from an ABP
 * database), per tenant: the sign-in's census of slow hash kinds (password-hash-census.ts) reads
 * them before a tenant's first password check and every ten minutes after. Without the index
 * that read scanned the whole table (93–250 ms for 100 000 users on SQLite, on the event loop);
 * with it, only such users, usually none. It covers the read (the hash is a column of it), which
 * is also what makes SQLite, without statistics, prefer it to the list's `(tenant_id, is_deleted,
 * …)` indexes. The pattern is a literal so that both engines can prove a query's
 * `not like '$argon2id$%'` matches the index's predicate.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('ix_identity_users_foreign_password_hashes')
    .on('identity_users')
    .columns(['tenant_id', 'is_deleted', 'password_hash'])
    .where(sql.raw<boolean>(`password_hash not like '$argon2id$%'`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ix_identity_users_foreign_password_hashes').execute();
}
