import type SqliteDatabase from 'better-sqlite3';
import { isSqliteBusy } from './sqlite-busy.js';

/** Leaf pages a merge step writes (~0.2 ms each): a step holds the event loop a few ms. */
const PAGES_PER_STEP = 16;
/** Pause between steps, so that requests are served while an index is merged. */
const STEP_PAUSE_MS = 5;
/** Pause while another process holds the write lock (a migration, a backup, a second server). */
const LOCKED_PAUSE_MS = 1_000;
/** How often an index is looked at again (one row read when nothing was written). */
const FTS_CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * Keeps the database's FTS5 indexes (the users list's trigram search) merged into one segment.
 *
 * FTS5 adds a segment per batch of writes and merges them in the background of later writes only
 * when a level holds four (`automerge`), so a grown index stays at about ten segments, and each
 * lookup reads all of them: on the seeded 100 000-user tenant a trigram lookup took 150–200 µs
 * with the index as its inserts left it, 30 µs merged (docs/benchmarks.md). Search is read far
 * more than written, so the index is merged fully, in small steps (FTS5's incremental `merge`
 * with a negative page count, which ends as `optimize` does) between requests, at open and then
 * whenever the index has changed since its last merge (its structure record says so).
 *
 * A step never runs inside a transaction of the connection (it would join it): it waits for the
 * next turn, and for another process's write lock to go. Other failures are reported and retried
 * at the next check: the index stays valid, only slower to read.
 */
export function keepFtsIndexesMerged(
  database: SqliteDatabase.Database,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): () => void {
  /** Each index's structure record as its last merge left it. */
  const mergedAt = new Map<string, Buffer | undefined>();
  // Looked up each round: migrations create the tables after the database is opened.
  const ftsTables = () =>
    (
      database
        .prepare("select name from sqlite_schema where type = 'table' and sql like '%using fts5%'")
        .all() as { name: string }[]
    ).map((table) => table.name);
  let tables: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const later = (work: () => void, ms: number) => {
    if (stopped) return;
    timer = setTimeout(work, ms);
    timer.unref();
  };
  const structureOf = (table: string) =>
    database.prepare(`select block from "${table}_data" where id = 10`).pluck().get() as
      | Buffer
      | undefined;
  const totalChanges = () => database.prepare('select total_changes()').pluck().get() as number;

  /** One merge step of `table`; true when it found nothing left to merge. */
  function step(table: string): boolean {
    const before = totalChanges();
    database
      .prepare(`insert into "${table}"("${table}", rank) values ('merge', ?)`)
      .run(-PAGES_PER_STEP);
    // FTS5's documented test: a step that merged nothing changes fewer than two rows.
    return totalChanges() - before < 2;
  }

  const nextRound = () => later(() => check(0), options.intervalMs ?? FTS_CHECK_INTERVAL_MS);

  function check(index: number) {
    if (stopped || !database.open) return;
    if (database.inTransaction) {
      later(() => check(index), STEP_PAUSE_MS);
      return;
    }
    try {
      if (index === 0) tables = ftsTables();
      const table = tables[index];
      if (table === undefined) {
        nextRound();
        return;
      }
      const structure = structureOf(table);
      if (structure && mergedAt.get(table)?.equals(structure)) {
        check(index + 1);
      } else if (step(table)) {
        mergedAt.set(table, structureOf(table));
        check(index + 1);
      } else {
        later(() => check(index), STEP_PAUSE_MS);
      }
    } catch (error) {
      if (isSqliteBusy(error)) {
        later(() => check(index), LOCKED_PAUSE_MS);
        return;
      }
      options.onError?.(error);
      nextRound();
    }
  }

  later(() => check(0), 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
