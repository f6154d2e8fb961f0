import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * `identity_user_search_matches`: the users table's rows and columns (less the password hash and
 * the security stamp), for reading them through the trigram index on PostgreSQL.
 *
 * Its `tenant_id` is an expression of the column (`tenant_id || ''`, the same value, null for the
 * host's users), which no index can serve. The application decides whether a filter goes through
 * the trigram index (user-list.service.ts weighs the trigrams' entries against the tenant's
 * users); when it does, the planner's only choices here are that index or a full scan, so one
 * plan, made without values, is right for every tenant and filter. On the table, the tenant
 * indexes were a third choice: planned without values, a one-trigram filter read the tenant's
 * index (and all of a 100 000-user tenant's entries) beside the trigram index; planned for each
 * execution's values, it read only the trigram index, but the planning cost more than the query.
 *
 * Created on SQLite too, so both schemas have the same relations; SQLite reads matches through
 * its FTS5 table and does not use it.
 */

const columns = [
  'id',
  'user_name',
  'normalized_user_name',
  'name',
  'surname',
  'email',
  'normalized_email',
  'email_confirmed',
  'is_external',
  'phone_number',
  'phone_number_confirmed',
  'is_active',
  'two_factor_enabled',
  'lockout_end',
  'lockout_enabled',
  'access_failed_count',
  'extra_properties',
  'concurrency_stamp',
  'creation_time',
  'creator_id',
  'last_modification_time',
  'last_modifier_id',
  'is_deleted',
  'deleter_id',
  'deletion_time',
  'search_text',
];

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create view identity_user_search_matches as
    select (tenant_id || '') as tenant_id, ${sql.join(columns.map((column) => sql.ref(column)))}
    from identity_users`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view identity_user_search_matches`.execute(db);
}
