import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * The security log's user-name filter ignores case and accents, as the users list's search does
 * (`LIMITADO` finds `limitado`): the application writes `normalized_user_name`, the user name
 * folded (accents removed, upper-cased), with every row and the filter compares folded values.
 * Its index, led by the tenant and ended by the time, reads one user name's rows newest first
 * without walking the tenant's other rows (one per sign-in attempt, kept for months).
 *
 * Existing rows are folded here: the ASCII names, nearly all, by one statement (upper-casing in
 * the "C" collation, so that a database's Turkish locale does not turn `i` into `İ`), the others a
 * batch at a time in JavaScript.
 */

/** The application's folding as it was when this migration was written. */
const fold = (value: string) => value.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase();

const BATCH = 500;

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('security_logs').addColumn('normalized_user_name', 'text').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`update security_logs set normalized_user_name = upper(user_name collate "C")
      where user_name is not null and octet_length(user_name) = char_length(user_name)`.execute(db);
  } else {
    await sql`update security_logs set normalized_user_name = upper(user_name)
      where user_name is not null and length(cast(user_name as blob)) = length(user_name)`.execute(
      db,
    );
  }
  let after = '';
  for (;;) {
    const rows: { id: string; user_name: string }[] = await db
      .selectFrom('security_logs')
      .select(['id', 'user_name'])
      .where('user_name', 'is not', null)
      .where('normalized_user_name', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('security_logs')
        .set({ normalized_user_name: fold(row.user_name) })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]?.id ?? after;
  }
  await db.schema
    .createIndex('ix_security_logs_tenant_normalized_user_name_time')
    .on('security_logs')
    .columns(['tenant_id', 'normalized_user_name', 'creation_time'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ix_security_logs_tenant_normalized_user_name_time').execute();
  await db.schema.alterTable('security_logs').dropColumn('normalized_user_name').execute();
}
