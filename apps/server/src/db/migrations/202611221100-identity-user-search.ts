import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * The users list at scale (issue 6: 100 000 users in one tenant, filtered, sorted and paged).
 *
 * - One index per sortable column, led by `tenant_id, is_deleted` (the data filter's two
 *   equalities) and ended by `id` (the tie-breaker that keeps pages stable), so a page is read
 *   in order from the index whatever the table's size. (The unique
 *   indexes of the first migration are partial, `WHERE is_deleted = false`; SQLite cannot use a
 *   partial index when the filter binds `is_deleted` as a parameter, so they do not serve lists.)
 * - `search_text`: user name, e-mail, name, surname and phone, folded (accents removed,
 *   upper-cased) and joined by line feeds, which a filter cannot contain; the application writes
 *   it with every change of those fields.
 * - A trigram index on it for "contains" filters: pg_trgm's GIN operator class on PostgreSQL, an
 *   FTS5 trigram table kept in step by triggers on SQLite.
 */

const sortColumns = [
  'normalized_user_name',
  'normalized_email',
  'name',
  'surname',
  'phone_number',
  'creation_time',
];

/** The application's folding as it was when this migration was written. */
const fold = (value: string | null) =>
  (value ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase();

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('identity_users')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const users = await db
    .selectFrom('identity_users')
    .select(['id', 'user_name', 'email', 'name', 'surname', 'phone_number'])
    .execute();
  for (const user of users) {
    const searchText = [user.user_name, user.email, user.name, user.surname, user.phone_number]
      .map(fold)
      .join('\n');
    await db
      .updateTable('identity_users')
      .set({ search_text: searchText })
      .where('id', '=', user.id)
      .execute();
  }

  for (const column of sortColumns) {
    await db.schema
      .createIndex(`ix_identity_users_list_${column}`)
      .on('identity_users')
      .columns(['tenant_id', 'is_deleted', column, 'id'])
      .execute();
  }

  if (isPostgres(db)) {
    // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index ix_identity_users_search_text on identity_users using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  // External content: the FTS table stores only the index and reads text back from the users
  // table by rowid (VACUUM keeps rowids of ordinary tables; `rebuild` restores the index if not).
  // `detail=none`: no positions, a third of the size; queries ask for single trigrams and the
  // application checks the whole words on the rows found.
  await sql`create virtual table identity_users_search using fts5(search_text, content='identity_users', content_rowid='rowid', tokenize='trigram', detail='none')`.execute(
    db,
  );
  await sql`insert into identity_users_search(identity_users_search) values ('rebuild')`.execute(
    db,
  );
  await sql`create trigger identity_users_search_insert after insert on identity_users begin
      insert into identity_users_search(rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  await sql`create trigger identity_users_search_delete after delete on identity_users begin
      insert into identity_users_search(identity_users_search, rowid, search_text)
        values ('delete', old.rowid, old.search_text);
    end`.execute(db);
  await sql`create trigger identity_users_search_update after update of search_text on identity_users begin
      insert into identity_users_search(identity_users_search, rowid, search_text)
        values ('delete', old.rowid, old.search_text);
      insert into identity_users_search(rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('ix_identity_users_search_text').execute();
  } else {
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.id(`identity_users_search_${trigger}`)}`.execute(db);
    }
    await sql`drop table identity_users_search`.execute(db);
  }
  for (const column of sortColumns) {
    await db.schema.dropIndex(`ix_identity_users_list_${column}`).execute();
  }
  await db.schema.alterTable('identity_users').dropColumn('search_text').execute();
}
