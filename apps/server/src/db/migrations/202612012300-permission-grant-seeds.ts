import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * The grants the data seed has made, one row each, so that it makes each only once. Until now the
 * seed granted the admin role every permission of its side whenever it ran: at every start on the
 * host, so a permission an administrator took from the host's admin role came back at the next
 * start; and only at creation in a tenant, so a permission added by an upgrade never reached an
 * existing tenant's admin (ABP's complaint #4753). With this record the seed offers each
 * permission once, on every side, at every start.
 *
 * Existing databases: the admin roles' grants as they stand are recorded as made, so a permission
 * the admin role lacks now (taken away, or added since the tenant was created) is granted once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('permission_grant_seeds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text')
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('provider_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider_key', 'varchar(256)', (c) => c.notNull())
    .execute();
  const columns = ['name', 'provider_name', 'provider_key'];
  await db.schema
    .createIndex('ux_permission_grant_seeds_name_provider_name_provider_key')
    .on('permission_grant_seeds')
    .columns(['tenant_id', ...columns])
    .unique()
    .execute();
  await db.schema
    .createIndex('ux_permission_grant_seeds_name_provider_name_provider_key_host')
    .on('permission_grant_seeds')
    .columns(columns)
    .unique()
    .where(sql<boolean>`tenant_id is null`)
    .execute();
  // The grant's own id serves: it is unique, and nothing refers to either row by it.
  await sql`insert into permission_grant_seeds (id, tenant_id, name, provider_name, provider_key)
    select id, tenant_id, name, provider_name, provider_key from permission_grants
    where provider_name = 'R' and provider_key = 'admin'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('permission_grant_seeds').execute();
}
