import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDialect } from './database.js';

const dir = mkdtempSync(join(tmpdir(), 'vineta-sqlite-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Items {
  items: { id: Generated<number>; owner: string };
}

let file: string;
let db: Kysely<Items>;
/** Another process's connection to the same file, as a second server or a CLI would hold. */
let other: SqliteDatabase.Database;

beforeEach(async (context) => {
  file = join(dir, `${context.task.id}.sqlite`);
  db = new Kysely<Items>({ dialect: createDialect({ dialect: 'sqlite', file }) });
  await sql`create table items (id integer primary key, owner text not null)`.execute(db);
  other = new SqliteDatabase(file);
});
afterEach(async () => {
  other.close();
  await db.destroy();
});

/** Whether a promise has settled by the time the timers due before `ms` have run. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

describe("SQLite's write lock held by another process", () => {
  it('makes a write wait on a timer, not on the event loop, and land once the lock is free', async () => {
    other.exec("insert into items (owner) values ('committed')");
    other.exec('begin immediate');
    const insert = db.insertInto('items').values({ owner: 'a' }).execute();
    // The event loop runs on (timers fire) while the insert waits…
    expect(await settledWithin(insert, 150)).toBe(false);
    // …and the waiting insert lets go of the connection: a read gets it, beside the other
    // process's write (WAL), instead of queueing behind the insert.
    expect(await db.selectFrom('items').select('owner').execute()).toEqual([
      { owner: 'committed' },
    ]);
    expect(await settledWithin(insert, 0)).toBe(false);
    other.exec('rollback');
    await insert;
    expect(await db.selectFrom('items').select('owner').orderBy('id').execute()).toEqual([
      { owner: 'committed' },
      { owner: 'a' },
    ]);
  });

  it('makes a transaction wait to begin, so that its writes meet no lock', async () => {
    other.exec('begin immediate');
    other.exec("insert into items (owner) values ('other')");
    const transaction = db.transaction().execute(async (trx) => {
      const [{ count }] = (
        await sql<{ count: number }>`select count(*) as count from items`.execute(trx)
      ).rows as [{ count: number }];
      await trx
        .insertInto('items')
        .values({ owner: `after ${count}` })
        .execute();
    });
    expect(await settledWithin(transaction, 150)).toBe(false);
    other.exec('commit');
    await transaction;
    // The transaction began after the other's commit, and saw its row.
    expect(await db.selectFrom('items').select('owner').orderBy('id').execute()).toEqual([
      { owner: 'other' },
      { owner: 'after 1' },
    ]);
  });
});
