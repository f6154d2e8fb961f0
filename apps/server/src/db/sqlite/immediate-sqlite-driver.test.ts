import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Generated, Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDialect } from '../database.js';
import type { ImmediateSqliteDriver } from './immediate-sqlite-driver.js';

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

/** The items' owners, in the order they were written. */
const owners = async () =>
  (await db.selectFrom('items').select('owner').orderBy('id').execute()).map((row) => row.owner);

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
    expect(await owners()).toEqual(['committed']);
    expect(await settledWithin(insert, 0)).toBe(false);
    other.exec('rollback');
    await insert;
    expect(await owners()).toEqual(['committed', 'a']);
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
    expect(await owners()).toEqual(['other', 'after 1']);
  });
});

describe('executeWritesNow', () => {
  const insert = (owner: string) =>
    CompiledQuery.raw('insert into items (owner) values (?)', [owner]);
  let driver: ImmediateSqliteDriver;
  beforeEach(async () => {
    driver = createDialect({ dialect: 'sqlite', file }).createDriver() as ImmediateSqliteDriver;
    await driver.init();
  });
  afterEach(() => driver.destroy());

  it('writes at once, in order, when no caller holds the connection', async () => {
    expect(driver.executeWritesNow([insert('grant'), insert('access token')])).toBe(true);
    expect(await owners()).toEqual(['grant', 'access token']);
  });

  it('declines, writing nothing, while a caller holds the connection', async () => {
    await driver.acquireConnection();
    expect(driver.executeWritesNow([insert('waits')])).toBe(false);
    await driver.releaseConnection();
    expect(await owners()).toEqual([]);
    expect(driver.executeWritesNow([insert('now')])).toBe(true);
    expect(await owners()).toEqual(['now']);
  });

  it('declines, writing nothing, while another process holds the write lock', async () => {
    other.exec('begin immediate');
    expect(driver.executeWritesNow([insert('waits')])).toBe(false);
    other.exec('rollback');
    expect(await owners()).toEqual([]);
  });

  it('writes none of them when one fails', async () => {
    const broken = CompiledQuery.raw('insert into items (owner) values (null)', []);
    expect(() => driver.executeWritesNow([insert('first'), broken])).toThrow(/NOT NULL/);
    expect(await owners()).toEqual([]);
  });
});
