import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * The security-log screen reads a tenant's rows newest first, a page at a time, and by action.
 * Without the first index every page sorted all of the tenant's rows (one per sign-in attempt, so
 * the table grows all day); without the second, a rare action (a lockout) walked all of them:
 * 0.2 s at a million rows. Both take new rows at one end of a range (the time, or the action's
 * newest), which costs a sign-in's insert a few µs; an index by user name, whose inserts land
 * anywhere, cost 50 µs and was left out. One user's rows keep `ix_security_logs_tenant_user_time`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('ix_security_logs_tenant_time')
    .on('security_logs')
    .columns(['tenant_id', 'creation_time'])
    .execute();
  await db.schema
    .createIndex('ix_security_logs_tenant_action_time')
    .on('security_logs')
    .columns(['tenant_id', 'action', 'creation_time'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ix_security_logs_tenant_action_time').execute();
  await db.schema.dropIndex('ix_security_logs_tenant_time').execute();
}
