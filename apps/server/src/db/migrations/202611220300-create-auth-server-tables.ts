import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * The sign-in server's storage: every oidc-provider artefact (sessions, interactions, grants,
 * codes, access and refresh tokens) as a JSON payload keyed by kind and id, and the signing keys,
 * encrypted, so that every instance signs and verifies alike.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('id', 'varchar(128)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'varchar(128)')
    .addColumn('account_id', 'varchar(128)')
    .addColumn('uid', 'varchar(128)')
    .addColumn('user_code', 'varchar(128)')
    // Epoch seconds: compared on every read, cheaper and dialect-neutral as an integer.
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('pk_oidc_payloads', ['kind', 'id'])
    .execute();
  await db.schema
    .createIndex('ix_oidc_payloads_grant_id')
    .on('oidc_payloads')
    .column('grant_id')
    .execute();
  await db.schema
    .createIndex('ix_oidc_payloads_account_id')
    .on('oidc_payloads')
    .column('account_id')
    .execute();
  // Only sessions have a uid: a partial index spares every token insert its upkeep.
  await db.schema
    .createIndex('ix_oidc_payloads_uid')
    .on('oidc_payloads')
    .column('uid')
    .where(sql<boolean>`uid is not null`)
    .execute();
  await db.schema
    .createIndex('ix_oidc_payloads_expires_at')
    .on('oidc_payloads')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('oidc_signing_keys')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // 'RS256', 'ES256' or 'cookie' (the secret that signs the sign-in server's cookies).
    .addColumn('alg', 'varchar(16)', (c) => c.notNull())
    // Successive keys of one algorithm; unique, so two instances cannot both add the next one.
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('encrypted_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('activates_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ux_oidc_signing_keys_alg_generation')
    .on('oidc_signing_keys')
    .columns(['alg', 'generation'])
    .unique()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oidc_signing_keys').execute();
  await db.schema.dropTable('oidc_payloads').execute();
}
