import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDialect } from '../database.js';

const dir = mkdtempSync(join(tmpdir(), 'vineta-sqlite-plans-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Items {
  items: { id: number; owner: string };
}

describe('SQLite statements that are planned once (decision 008)', () => {
  it('writes a bound limit and offset as expressions, with the same values and rows', async () => {
    const db = new Kysely<Items>({
      dialect: createDialect({ dialect: 'sqlite', file: ':memory:' }),
    });
    try {
      await sql`create table items (id integer primary key, owner text not null)`.execute(db);
      await sql`insert into items (owner) values ('a'), ('b'), ('c'), ('d')`.execute(db);
      const query = db.selectFrom('items').select('id').orderBy('id').limit(2).offset(1);
      const compiled = query.compile();
      expect(compiled.sql).toMatch(/limit \? \+ 0 offset \? \+ 0$/);
      expect(compiled.parameters).toEqual([2, 1]);
      expect(await query.execute()).toEqual([{ id: 2 }, { id: 3 }]);
    } finally {
      await db.destroy();
    }
  });

  it('drops STAT4 samples when it opens a database, and keeps sqlite_stat1', async () => {
    const file = join(dir, 'analyzed.sqlite');
    const setup = new SqliteDatabase(file);
    setup.exec('create table items (id integer primary key, owner text not null)');
    setup.exec('create index ix_items_owner on items (owner)');
    const insert = setup.prepare('insert into items (owner) values (?)');
    for (let i = 0; i < 2_000; i++) insert.run(i < 1_900 ? 'big' : `small-${i % 20}`);
    setup.exec('analyze');
    const samples = () => setup.prepare('select count(*) as n from sqlite_stat4').get();
    expect(samples()).not.toEqual({ n: 0 });
    setup.close();

    const db = new Kysely<Items>({ dialect: createDialect({ dialect: 'sqlite', file }) });
    try {
      const count = async (table: string) =>
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db))
          .rows[0]?.n;
      expect(await count('sqlite_stat4')).toBe(0);
      expect(await count('sqlite_stat1')).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
  });
});
