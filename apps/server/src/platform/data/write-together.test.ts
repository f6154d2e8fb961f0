import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDataContext, createDataContextFor } from '../../db/database.js';

const dir = mkdtempSync(join(tmpdir(), 'vineta-write-together-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let file: string;
let data: AppDataContext;

beforeEach(async (context) => {
  file = join(dir, `${context.task.id}.sqlite`);
  data = createDataContextFor({ dialect: 'sqlite', file });
  await sql`create table notes (id integer primary key, body text not null unique)`.execute(
    data.db,
  );
});
afterEach(() => data.destroy());

const insert = (body: string) => CompiledQuery.raw('insert into notes (body) values (?)', [body]);
const bodies = async () =>
  (await sql<{ body: string }>`select body from notes order by id`.execute(data.db)).rows.map(
    (row) => row.body,
  );

describe('DataContext.writeTogether', () => {
  it('holds the queued writes until the work is done, then writes them in order', async () => {
    const result = await data.writeTogether(async () => {
      expect(data.queueWrite(insert('first'))).toBe(true);
      expect(data.queueWrite(insert('second'))).toBe(true);
      expect(await bodies()).toEqual([]);
      return 'issued';
    });
    expect(result).toBe('issued');
    expect(await bodies()).toEqual(['first', 'second']);
    // Outside it there is nothing to queue in: the caller runs its write itself.
    expect(data.queueWrite(insert('third'))).toBe(false);
  });

  it('writes nothing when the work fails, nor when one of its writes does', async () => {
    await expect(
      data.writeTogether(async () => {
        data.queueWrite(insert('lost'));
        throw new Error('the grant failed');
      }),
    ).rejects.toThrow('the grant failed');
    await expect(
      data.writeTogether(async () => {
        data.queueWrite(insert('kept apart'));
        data.queueWrite(insert('kept apart'));
      }),
    ).rejects.toThrow(/UNIQUE/);
    expect(await bodies()).toEqual([]);
  });

  it('runs the work after the writes have landed', async () => {
    const seen: string[][] = [];
    await data.writeTogether(async () => {
      data.queueWrite(insert('token'));
      await data.afterCommit(async () => {
        seen.push(await bodies());
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([['token']]);
  });

  it("leaves a transaction's own writes to the transaction", async () => {
    await data.writeTogether(async () => {
      await data.transaction(async () => {
        expect(data.queueWrite(insert('in the transaction'))).toBe(false);
        await data.query().withoutPlugins().executeQuery(insert('in the transaction'));
      });
      expect(await bodies()).toEqual(['in the transaction']);
    });
  });

  it('waits its turn behind a transaction in flight on the connection', async () => {
    let finish = () => {};
    const open = data.transaction(async () => {
      await data.query().withoutPlugins().executeQuery(insert('open transaction'));
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const written = data.writeTogether(async () => {
      data.queueWrite(insert('next'));
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    finish();
    await Promise.all([open, written]);
    expect(await bodies()).toEqual(['open transaction', 'next']);
  });

  it("waits for another process's write lock, then writes", async () => {
    const other = new SqliteDatabase(file);
    try {
      other.exec('begin immediate');
      const written = data.writeTogether(async () => {
        data.queueWrite(insert('after the lock'));
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(other.prepare('select count(*) as n from notes').get()).toEqual({ n: 0 });
      other.exec('commit');
      await written;
      expect(await bodies()).toEqual(['after the lock']);
    } finally {
      other.close();
    }
  });
});

describe('DataContext.afterCommit', () => {
  it('runs a keyed task once a commit, after it; unkeyed tasks and other keys each run', async () => {
    const ran: string[] = [];
    const task = (name: string) => async () => {
      ran.push(`${name} after ${(await bodies()).length} notes`);
    };
    await data.transaction(async () => {
      await sql`insert into notes (body) values ('one')`.execute(data.query());
      await data.afterCommit(task('users'), 'users|t1');
      await data.afterCommit(task('users again'), 'users|t1');
      await data.afterCommit(task('other tenant'), 'users|t2');
      await data.afterCommit(task('plain'));
      await data.afterCommit(task('plain again'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual([
      'users after 1 notes',
      'other tenant after 1 notes',
      'plain after 1 notes',
      'plain again after 1 notes',
    ]);
    // The next commit has a list of its own: the key runs again there.
    await data.transaction(() => data.afterCommit(task('next commit'), 'users|t1'));
    expect(ran.at(-1)).toBe('next commit after 1 notes');
  });
});
