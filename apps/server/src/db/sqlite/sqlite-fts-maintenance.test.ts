import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFtsIndexesMerged } from './sqlite-fts-maintenance.js';

let database: SqliteDatabase.Database;
const cleanUps: (() => void)[] = [];
afterEach(() => {
  database?.close();
  for (const cleanUp of cleanUps.splice(0)) cleanUp();
});

/** An FTS5 index written in `commits` transactions, each leaving a segment of its own. */
function fragmentedIndex(commits: number, file = ':memory:') {
  database = new SqliteDatabase(file);
  database.exec("create virtual table words using fts5(text, tokenize = 'trigram')");
  // Left as written: the automatic merge would otherwise fold every four segments into one.
  database.exec("insert into words(words, rank) values ('automerge', 0)");
  const insert = database.prepare('insert into words(text) values (?)');
  for (let commit = 0; commit < commits; commit++) {
    database.transaction(() => {
      for (let i = 0; i < 50; i++) insert.run(`user ${commit}-${i} zubizarreta${i % 7}`);
    })();
  }
}

/** FTS5's own test: a merge step that finds work changes at least two rows. */
function hasWorkLeft(): boolean {
  const changes = () => database.prepare('select total_changes()').pluck().get() as number;
  const before = changes();
  database.exec('savepoint probe');
  database.prepare("insert into words(words, rank) values ('merge', -1)").run();
  const worked = changes() - before >= 2;
  database.exec('rollback to probe');
  database.exec('release probe');
  return worked;
}

const search = () =>
  database.prepare("select rowid from words where words match 'zubizarreta3' order by rowid").all();

async function until(condition: () => boolean) {
  for (let waited = 0; waited < 5_000 && !condition(); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return condition();
}

describe('FTS5 index maintenance', () => {
  it('merges an index written in many commits, finding the same rows', async () => {
    fragmentedIndex(12);
    const before = search();
    expect(before.length).toBeGreaterThan(0);
    expect(hasWorkLeft()).toBe(true);
    keepFtsIndexesMerged(database, { intervalMs: 20 });
    expect(await until(() => !hasWorkLeft())).toBe(true);
    expect(search()).toEqual(before);
  });

  it('merges again after new writes, and never inside an open transaction', async () => {
    fragmentedIndex(6);
    keepFtsIndexesMerged(database, { intervalMs: 20 });
    expect(await until(() => !hasWorkLeft())).toBe(true);
    // Each commit its own segment.
    for (let i = 0; i < 5; i++) database.exec("insert into words(text) values ('late arrival')");
    database.exec('begin');
    database.exec("insert into words(text) values ('inside a transaction')");
    const totalBefore = database.prepare('select total_changes()').pluck().get() as number;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nothing of the maintenance joined the open transaction.
    expect(database.prepare('select total_changes()').pluck().get()).toBe(totalBefore);
    database.exec('commit');
    expect(await until(() => !hasWorkLeft())).toBe(true);
    expect(
      database.prepare("select count(*) from words where words match 'arrival'").pluck().get(),
    ).toBe(5);
  });

  it("waits quietly for another process's write lock, then merges", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    cleanUps.push(() => vi.useRealTimers());
    const folder = mkdtempSync(join(tmpdir(), 'vineta-fts-'));
    cleanUps.push(() => rmSync(folder, { recursive: true, force: true }));
    const file = join(folder, 'words.sqlite');
    fragmentedIndex(6, file);
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 0'); // as database.ts opens it
    const other = new SqliteDatabase(file);
    cleanUps.push(() => other.close());
    other.exec('begin immediate');
    const errors: unknown[] = [];
    keepFtsIndexesMerged(database, { intervalMs: 60_000, onError: (error) => errors.push(error) });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(errors).toEqual([]);
    other.exec('commit');
    expect(hasWorkLeft()).toBe(true);
    // Within the next pause, not at the next round a minute later.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(hasWorkLeft()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('stops when the database closes', async () => {
    fragmentedIndex(8);
    const errors: unknown[] = [];
    const stop = keepFtsIndexesMerged(database, {
      intervalMs: 5,
      onError: (error) => errors.push(error),
    });
    stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hasWorkLeft()).toBe(true);
    expect(errors).toEqual([]);
  });
});
