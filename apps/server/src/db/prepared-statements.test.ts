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
});
