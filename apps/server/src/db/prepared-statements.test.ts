import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachePreparedStatements } from './database.js';

describe('prepared statements on SQLite', () => {
  it('prepares a statement once and reuses it by its text', () => {
    const database = new SqliteDatabase(':memory:');
    cachePreparedStatements(database);
    database.exec('create table t (n integer)');
    const insert = database.prepare('insert into t (n) values (?)');
    expect(database.prepare('insert into t (n) values (?)')).toBe(insert);
    insert.run(1);
    database.prepare('insert into t (n) values (?)').run(2);
    expect(database.prepare('select n from t order by n').all()).toEqual([{ n: 1 }, { n: 2 }]);
    database.close();
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const database = new SqliteDatabase(':memory:');
    cachePreparedStatements(database);
    database.exec('create table t (n integer); insert into t values (1), (2)');
    const select = database.prepare('select n from t order by n');
    const seen: number[] = [];
    for (const row of select.iterate() as Iterable<{ n: number }>) {
      const again = database.prepare('select n from t order by n');
      expect(again).not.toBe(select);
      seen.push(row.n, (again.all() as { n: number }[]).length);
    }
    expect(seen).toEqual([1, 2, 2, 2]);
    expect(database.prepare('select n from t order by n')).toBe(select);
    database.close();
  });

  it('builds rows as better-sqlite3 does: same keys, order, values, repeated names', () => {
    const database = new SqliteDatabase(':memory:');
    const plain = new SqliteDatabase(':memory:');
    cachePreparedStatements(database);
    const setup = `create table t (id integer, snake_name text, blob blob, missing text, n real);
      insert into t values (1, 'uno', x'0102', null, 1.5), (2, 'dos', x'', null, -0.25);`;
    database.exec(setup);
    plain.exec(setup);
    for (const query of [
      'select * from t order by id',
      'select id, snake_name as "camelName", id as "1", n from t order by id desc',
      'select t.id, u.id, u.snake_name from t join t as u on u.id <> t.id order by t.id',
      'select count(*) as count from t where id > ?',
    ]) {
      const parameters = query.includes('?') ? [0] : [];
      const fast = database.prepare(query).all(...parameters) as object[];
      const expected = plain.prepare(query).all(...parameters) as object[];
      expect(fast).toEqual(expected);
      expect(fast.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
    }
    // A column added later reaches a cached `select *`.
    const all = database.prepare('select * from t where id = 1');
    expect(all.all()).toEqual(plain.prepare('select * from t where id = 1').all());
    for (const db of [database, plain]) db.exec("alter table t add column later text default 'x'");
    expect(database.prepare('select * from t where id = 1').all()).toEqual(
      plain.prepare('select * from t where id = 1').all(),
    );
    // The statement is left in object mode for its other methods.
    expect(database.prepare('select * from t order by id').get()).toEqual(
      plain.prepare('select * from t order by id').get(),
    );
    database.close();
    plain.close();
  });
});
