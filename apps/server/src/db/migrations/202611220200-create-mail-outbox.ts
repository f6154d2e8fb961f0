import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * The durable mail outbox: a row is written in the same transaction as the business change that
 * promises the mail, with its content already rendered, and a worker delivers it over SMTP.
 * Times are ISO-8601 UTC text, as everywhere else, so they compare as strings on both engines.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text')
    .addColumn('to_address', 'varchar(256)', (c) => c.notNull())
    .addColumn('culture', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(1024)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('from_address', 'varchar(256)')
    .addColumn('from_display_name', 'varchar(256)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'varchar(2048)')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The worker's claim: due pending rows, and sending rows whose claim expired.
  await db.schema
    .createIndex('ix_mail_outbox_status_next_attempt_at')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
