import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
type AnyTable = CreateTableBuilder<any, any>;

const audited = (table: AnyTable) =>
  table
    .addColumn('creation_time', 'text', (c) => c.notNull())
    .addColumn('creator_id', 'text')
    .addColumn('last_modification_time', 'text')
    .addColumn('last_modifier_id', 'text');

const softDeleted = (table: AnyTable) =>
  table
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleter_id', 'text')
    .addColumn('deletion_time', 'text');

const extensible = (table: AnyTable) =>
  table
    .addColumn('extra_properties', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull());

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  await softDeleted(
    audited(
      extensible(
        db.schema
          .createTable('tenants')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('normalized_name', 'varchar(64)', (c) => c.notNull())
          .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
      ),
    ),
  ).execute();
  await db.schema
    .createIndex('ux_tenants_normalized_name')
    .on('tenants')
    .column('normalized_name')
    .unique()
    .where(sql<boolean>`is_deleted = false`)
    .execute();

  await db.schema
    .createTable('tenant_connection_strings')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'varchar(1024)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_tenant_connection_strings', ['tenant_id', 'name'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('value', 'varchar(2048)', (c) => c.notNull())
    .addColumn('provider_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('ux_settings_name_provider')
    .on('settings')
    .columns(['name', 'provider_name', 'provider_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('feature_values')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .addColumn('provider_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('ux_feature_values_name_provider')
    .on('feature_values')
    .columns(['name', 'provider_name', 'provider_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('permission_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text')
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('provider_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider_key', 'varchar(64)', (c) => c.notNull())
    .execute();
  await uniquePerTenant(db, 'permission_grants', ['name', 'provider_name', 'provider_key']);
  await db.schema
    .createIndex('ix_permission_grants_provider')
    .on('permission_grants')
    .columns(['tenant_id', 'provider_name', 'provider_key'])
    .execute();

  await softDeleted(
    audited(
      extensible(
        db.schema
          .createTable('identity_users')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('tenant_id', 'text')
          .addColumn('user_name', 'varchar(256)', (c) => c.notNull())
          .addColumn('normalized_user_name', 'varchar(256)', (c) => c.notNull())
          .addColumn('name', 'varchar(64)')
          .addColumn('surname', 'varchar(64)')
          .addColumn('email', 'varchar(256)', (c) => c.notNull())
          .addColumn('normalized_email', 'varchar(256)', (c) => c.notNull())
          .addColumn('email_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('password_hash', 'varchar(256)')
          .addColumn('security_stamp', 'varchar(256)', (c) => c.notNull())
          .addColumn('is_external', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('phone_number', 'varchar(16)')
          .addColumn('phone_number_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
          .addColumn('two_factor_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('lockout_end', 'text')
          .addColumn('lockout_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
          .addColumn('access_failed_count', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
    ),
  ).execute();
  await uniquePerTenant(db, 'identity_users', ['normalized_user_name'], true);
  await uniquePerTenant(db, 'identity_users', ['normalized_email'], true);

  await extensible(
    db.schema
      .createTable('identity_roles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text')
      .addColumn('name', 'varchar(256)', (c) => c.notNull())
      .addColumn('normalized_name', 'varchar(256)', (c) => c.notNull())
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_static', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('creation_time', 'text', (c) => c.notNull()),
  ).execute();
  await uniquePerTenant(db, 'identity_roles', ['normalized_name']);

  await db.schema
    .createTable('identity_user_roles')
    .addColumn('user_id', 'text', (c) =>
      c.notNull().references('identity_users.id').onDelete('cascade'),
    )
    .addColumn('role_id', 'text', (c) =>
      c.notNull().references('identity_roles.id').onDelete('cascade'),
    )
    .addColumn('tenant_id', 'text')
    .addPrimaryKeyConstraint('pk_identity_user_roles', ['user_id', 'role_id'])
    .execute();
  await db.schema
    .createIndex('ix_identity_user_roles_role_id')
    .on('identity_user_roles')
    .column('role_id')
    .execute();

  for (const [table, owner] of [
    ['identity_user_claims', 'identity_users'],
    ['identity_role_claims', 'identity_roles'],
  ] as const) {
    const ownerColumn = owner === 'identity_users' ? 'user_id' : 'role_id';
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text')
      .addColumn(ownerColumn, 'text', (c) =>
        c.notNull().references(`${owner}.id`).onDelete('cascade'),
      )
      .addColumn('claim_type', 'varchar(256)', (c) => c.notNull())
      .addColumn('claim_value', 'varchar(1024)')
      .execute();
    await db.schema
      .createIndex(`ix_${table}_${ownerColumn}`)
      .on(table)
      .column(ownerColumn)
      .execute();
  }

  await db.schema
    .createTable('security_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text')
    .addColumn('application_name', 'varchar(96)')
    .addColumn('identity', 'varchar(96)')
    .addColumn('action', 'varchar(96)')
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'varchar(256)')
    .addColumn('tenant_name', 'varchar(64)')
    .addColumn('client_id', 'varchar(64)')
    .addColumn('correlation_id', 'varchar(64)')
    .addColumn('client_ip_address', 'varchar(64)')
    .addColumn('browser_info', 'varchar(512)')
    .addColumn('creation_time', 'text', (c) => c.notNull())
    .addColumn('extra_properties', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('ix_security_logs_tenant_user_time')
    .on('security_logs')
    .columns(['tenant_id', 'user_id', 'creation_time'])
    .execute();
}

/**
 * Unique among a tenant's rows, and among the host's (tenant_id null): NULLs never collide in a
 * unique index, so the host needs a partial index of its own.
 */
async function uniquePerTenant(
  // biome-ignore lint/suspicious/noExplicitAny: see above
  db: Kysely<any>,
  table: string,
  columns: string[],
  liveOnly = false,
): Promise<void> {
  const name = `ux_${table}_${columns.join('_')}`;
  let tenantIndex = db.schema
    .createIndex(name)
    .on(table)
    .columns(['tenant_id', ...columns])
    .unique();
  let hostIndex = db.schema
    .createIndex(`${name}_host`)
    .on(table)
    .columns(columns)
    .unique()
    .where(sql<boolean>`tenant_id is null`);
  if (liveOnly) {
    tenantIndex = tenantIndex.where(sql<boolean>`is_deleted = false`);
    hostIndex = hostIndex.where(sql<boolean>`is_deleted = false`);
  }
  await tenantIndex.execute();
  await hostIndex.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'security_logs',
    'identity_role_claims',
    'identity_user_claims',
    'identity_user_roles',
    'identity_roles',
    'identity_users',
    'permission_grants',
    'feature_values',
    'settings',
    'tenant_connection_strings',
    'tenants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
