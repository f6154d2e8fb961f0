import {
  CamelCasePlugin,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import type { ImmediateResultPlugin } from '../platform/data/immediate-results.js';

type RowMapper = (row: UnknownRow) => UnknownRow | undefined;

/**
 * Kysely's CamelCasePlugin, with its result rows built by a mapper compiled once per column list.
 * The plugin's own `mapRow` adds the keys one by one with computed names, which turns a row of
 * more than 16 columns into a V8 dictionary (a hash table), so every later read of it was a
 * lookup; an object literal stays a fast object. Rows holding a plain object or an array (a
 * PostgreSQL json column) are left to the plugin's own recursive mapping, so the result is the
 * same in every case. Queries are transformed exactly as by CamelCasePlugin. (All rows of one
 * result have the same columns: the mapper is chosen by the first row's.)
 */
export class CamelCaseRowsPlugin extends CamelCasePlugin implements ImmediateResultPlugin {
  readonly #mappers = new Map<string, RowMapper>();

  override async transformResult(
    args: PluginTransformResultArgs,
  ): Promise<QueryResult<UnknownRow>> {
    return this.transformResultNow(args);
  }

  transformResultNow(args: PluginTransformResultArgs): QueryResult<UnknownRow> {
    const { rows } = args.result;
    const [first] = rows;
    if (!first) return args.result;
    const mapper = this.#mapperFor(Object.keys(first));
    return {
      ...args.result,
      rows: rows.map((row) => mapper(row) ?? this.mapRow(row)),
    };
  }

  #mapperFor(keys: string[]): RowMapper {
    const id = keys.join('\u0000');
    let mapper = this.#mappers.get(id);
    if (!mapper) {
      // `undefined` (the plugin's own mapping) for a row with a nested object or array.
      const checks = keys
        .map(
          (key, i) => `const v${i} = row[${JSON.stringify(key)}];
          if (typeof v${i} === 'object' && v${i} !== null && nested(v${i})) return undefined;`,
        )
        .join('\n');
      const fields = keys.map((key, i) => `${JSON.stringify(this.camelCase(key))}: v${i}`);
      mapper = new Function(
        'nested',
        `return (row) => { ${checks}\n return { ${fields.join(', ')} }; };`,
      )(mayNest) as RowMapper;
      if (this.#mappers.size < 1_000) this.#mappers.set(id, mapper);
    }
    return mapper;
  }
}

/** Arrays and plain objects, which the plugin maps recursively (Buffers and Dates it leaves). */
function mayNest(value: object): boolean {
  return Array.isArray(value) || Object.prototype.toString.call(value) === '[object Object]';
}
