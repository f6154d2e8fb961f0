import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code, and is never edited once merged.

/**
 * PostgreSQL plans a users-list filter that goes through the trigram index on every execution (its
 * plan depends on how rare the trigrams are; decision 008). Half of that planning was the
 * selectivity of each `search_text like '%…%'` worked out by matching the pattern against the
 * column's 100 most common values and 100 histogram bounds: 0.32 → 0.18 ms a filtered page
 * (pgbench, extended protocol, seeded 100 000-user tenant). The application chooses the trigrams
 * and whether to use the index itself (user-list.service.ts), so the planner needs no statistics
 * on the column: without them it takes LIKE's default selectivity, which keeps the GIN scan.
 *
 * `set statistics 0` stops ANALYZE from collecting them; statistics collected before stay until
 * deleted, which only a superuser may do (done here when the migration runs as one).
 * SQLite has no such statistics (its trigram index is an FTS5 table): nothing to do there.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table identity_users alter column search_text set statistics 0`.execute(db);
  const { rows } = await sql<{
    superuser: boolean;
  }>`select rolsuper as superuser from pg_roles where rolname = current_user`.execute(db);
  if (!rows[0]?.superuser) return;
  await sql`
    delete from pg_statistic
    where starelid = 'identity_users'::regclass
      and staattnum = (
        select attnum from pg_attribute
        where attrelid = 'identity_users'::regclass and attname = 'search_text'
      )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // -1: the default target again; the next ANALYZE collects the column's statistics.
  await sql`alter table identity_users alter column search_text set statistics -1`.execute(db);
}
