import { CamelCasePlugin, type QueryResult, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CamelCaseRowsPlugin } from './camel-case-rows-plugin.js';

const queryId = { queryId: 'q' };
const mapped = async (plugin: CamelCasePlugin, rows: UnknownRow[]) =>
  (await plugin.transformResult({ result: { rows } as QueryResult<UnknownRow>, queryId })).rows;

describe('camelCase rows', () => {
  it('maps every row as Kysely’s CamelCasePlugin does, nested objects and arrays included', async () => {
    const rows: UnknownRow[] = [
      { id: 1, user_name: 'ana', created_at: new Date(0), blob: Buffer.from([1]), x: null },
      { id: 2, user_name: 'bo', created_at: new Date(1), blob: Buffer.from([]), x: undefined },
      {
        id: 3,
        user_name: 'cy',
        created_at: new Date(2),
        blob: null,
        x: { nested_key: [{ a_b: 1 }] },
      },
      { id: 4, user_name: 'di', created_at: new Date(3), blob: null, x: [1, { c_d: 2 }] },
    ];
    const many = Object.fromEntries(
      Array.from({ length: 24 }, (_, i) => [`column_number_${i}`, i]),
    );
    for (const input of [rows, [many, { ...many, column_number_3: 'three' }], []]) {
      const expected = await mapped(new CamelCasePlugin(), input);
      const actual = await mapped(new CamelCaseRowsPlugin(), input);
      expect(actual).toEqual(expected);
      expect(actual.map((row) => Object.keys(row))).toEqual(
        expected.map((row) => Object.keys(row)),
      );
    }
  });

  it('keeps the other parts of the result', async () => {
    const result = { rows: [{ a_b: 1 }], numAffectedRows: 1n } as QueryResult<UnknownRow>;
    const out = await new CamelCaseRowsPlugin().transformResult({ result, queryId });
    expect(out).toEqual({ rows: [{ aB: 1 }], numAffectedRows: 1n });
  });
});
