import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../../test/test-database.js';
import type { KeptStatement } from '../../platform/data/reusable-plans.js';
import { runQuery } from './postgres-query.js';

const generic = (name: string): KeptStatement => ({ name });

describe.skipIf(testDialect() !== 'postgres')('PostgreSQL queries with compiled rows', () => {
  let database: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.target.dialect !== 'postgres') throw new Error('PostgreSQL expected');
    client = new pg.Client({ connectionString: database.target.connectionString });
    await client.connect();
    await client.query(`create table t (
      id int primary key, big bigint, name text, flag boolean, at timestamptz, day date,
      amount numeric, doc jsonb, raw json, tags text[], bytes bytea, ratio real)`);
    await client.query(`insert into t values
      (1, 9007199254740993, 'uno', true, '2026-11-26 10:00:00.123+00', '2026-11-26', 1.50,
       '{"a": [1, {"b": null}]}', '[1, 2]', '{x,"y z"}', '\\x0102', 0.25),
      (2, null, null, false, null, null, null, null, null, null, null, null)`);
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  /** The same text through pg's own query and through `runQuery`, result by result. */
  async function expectSameAsPg(text: string, values?: unknown[], name?: string) {
    const expected = await client.query(text, values);
    const actual = await runQuery(client, text, values, name ? generic(name) : undefined);
    expect(actual.rows).toEqual(expected.rows);
    expect(actual.rows.map((row) => Object.keys(row))).toEqual(
      expected.rows.map((row) => Object.keys(row)),
    );
    expect(actual.fields.map((field) => field.name)).toEqual(
      expected.fields.map((field) => field.name),
    );
    expect([actual.command, actual.rowCount]).toEqual([expected.command, expected.rowCount]);
    return actual;
  }

  it('builds rows with the values, keys and order pg gives, for every column type', async () => {
    const { rows } = await expectSameAsPg('select * from t order by id');
    expect(rows[0]).toMatchObject({
      id: 1,
      big: '9007199254740993',
      flag: true,
      tags: ['x', 'y z'],
    });
    expect(rows[0]?.at).toEqual(new Date('2026-11-26T10:00:00.123Z'));
    expect(rows[1]).toMatchObject({ big: null, name: null, doc: null });
    await expectSameAsPg('select id, name from t where id = $1', [2]);
    await expectSameAsPg('select id from t where id < 0');
    await expectSameAsPg('select count(*) as count, max(at) from t');
  });

  it('keeps the last value of a repeated column name, in its first position', async () => {
    const { rows } = await expectSameAsPg(
      'select a.id, a.name, b.id, b.name from t a join t b on b.id <> a.id order by a.id',
    );
    expect(rows[0]).toEqual({ id: 2, name: null });
  });

  it('leaves a `__proto__` column to pg (a literal would set the prototype)', async () => {
    const { rows } = await expectSameAsPg('select 1 as "__proto__", 2 as other');
    expect(Object.keys(rows[0] ?? {})).toEqual(['__proto__', 'other']);
  });

  it('runs a named statement, parsed once per connection', async () => {
    await expectSameAsPg('select id, name from t where id = $1', [1], 'postgres_query_test');
    await expectSameAsPg('select id, name from t where id = $1', [2], 'postgres_query_test');
    const { rows } = await client.query(
      "select count(*)::int as count from pg_prepared_statements where name = 'postgres_query_test'",
    );
    expect(rows).toEqual([{ count: 1 }]);
  });

  it('reports commands and row counts, and every result of a multi-statement text', async () => {
    await expectSameAsPg('update t set ratio = ratio where id > $1', [0]);
    const results = (await runQuery(
      client,
      'select 1 as a; select 2 as b, 3 as c',
      undefined,
    )) as unknown;
    const expected = (await client.query('select 1 as a; select 2 as b, 3 as c')) as unknown;
    expect((results as pg.QueryResult[]).map((result) => result.rows)).toEqual([
      [{ a: 1 }],
      [{ b: 2, c: 3 }],
    ]);
    expect((results as pg.QueryResult[]).map((result) => result.rows)).toEqual(
      (expected as pg.QueryResult[]).map((result) => result.rows),
    );
  });

  it('rejects with the database error, and the connection goes on working', async () => {
    await expect(runQuery(client, 'select id from missing_table', undefined)).rejects.toMatchObject(
      {
        code: '42P01',
      },
    );
    await expect(
      runQuery(client, 'select $1::int as n', ['x'], generic('bad_value')),
    ).rejects.toThrow(/invalid input syntax/);
    await expectSameAsPg('select $1::int as n', [7], 'bad_value');
  });

  describe('plan modes', () => {
    /** The plan_cache_mode a statement runs under, read by the statement itself. */
    const modeOf = async (name?: string) =>
      (
        await runQuery(
          client,
          "select current_setting('plan_cache_mode') as mode where $1::int = 1",
          [1],
          name ? generic(name) : undefined,
        )
      ).rows[0]?.mode;
    const plansOf = async (name: string) =>
      (
        await client.query(
          'select generic_plans::int, custom_plans::int from pg_prepared_statements where name = $1',
          [name],
        )
      ).rows[0];

    it('plans a named statement once, generically; unnamed ones with values as configured', async () => {
      await runQuery(client, 'select id from t where id = $1', [1], generic('by_id'));
      await runQuery(client, 'select id from t where id = $1', [2], generic('by_id'));
      // Under `auto` both executions would have been planned for their values.
      expect(await plansOf('by_id')).toEqual({ generic_plans: 2, custom_plans: 0 });
      expect(await modeOf('mode_named')).toBe('force_generic_plan');
      expect(await modeOf()).toBe('auto');
      expect(await modeOf('mode_named')).toBe('force_generic_plan');
    });

    it('leaves the setting alone inside a transaction block', async () => {
      expect(await modeOf()).toBe('auto');
      await client.query('begin');
      try {
        expect(await modeOf('mode_named')).toBe('auto');
      } finally {
        await client.query('rollback');
      }
      expect(await modeOf('mode_named')).toBe('force_generic_plan');
    });

    it('after a failed statement switches again, and parses a statement whose Parse failed', async () => {
      expect(await modeOf()).toBe('auto');
      // The SET before it is undone with it: the mode is unknown, and set again next time.
      await expect(
        runQuery(client, 'select 1 / $1::int as x', [0], generic('divide')),
      ).rejects.toThrow(/division by zero/);
      expect(await modeOf('mode_named')).toBe('force_generic_plan');
      await expect(runQuery(client, 'select 1 / $1::int as x', [0])).rejects.toThrow(/division/);
      // Switched in the same round trip as a Parse that fails.
      await expect(
        runQuery(client, 'select id from later_table where id = $1', [1], generic('later')),
      ).rejects.toMatchObject({ code: '42P01' });
      await client.query('create table later_table (id int)');
      await expect(
        runQuery(client, 'select id from later_table where id = $1', [1], generic('later')),
      ).resolves.toMatchObject({ rowCount: 0 });
    });
  });
});
