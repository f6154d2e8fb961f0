import pg from 'pg';

/** A column of a result as pg reads it from PostgreSQL's RowDescription message. */
interface ResultField {
  name: string;
  dataTypeID: number;
  format: string;
}
type TypeParser = (text: string) => unknown;
interface TypeParsers {
  getTypeParser(oid: number, format?: string): TypeParser;
}
type RowBuilder = (values: (string | null)[]) => Record<string, unknown>;

/** The parts of pg's Query and Result this file relies on (pg keeps them underscored). */
interface QueryInternals {
  name?: string;
  _canceledDueToError: unknown;
  _result: {
    command: string | null;
    fields: ResultField[];
    rows: unknown[];
    _types?: TypeParsers;
  };
}
interface PgQueryHandlers {
  handleRowDescription(message: { fields: ResultField[] }): void;
  handleDataRow(message: { fields: (string | null)[] }): void;
  handleCommandComplete(message: unknown, connection: unknown): void;
}
type Callback = (error: Error | null, result?: pg.QueryResult) => void;

/** Row shapes kept per set of type parsers; an application has a few hundred. */
const MAX_ROW_SHAPES = 2_000;
const builders = new WeakMap<TypeParsers, Map<string, RowBuilder>>();
/** pg's parser for types it does not convert (text, varchar, uuid…): `String(value)`. */
const unconverted = pg.types.getTypeParser(25, 'text');

/**
 * The row builder for one column list, compiled once: an object literal, in the columns' order,
 * whose values go through the same type parsers pg would use. Undefined for results pg must
 * build itself (binary columns, a column named `__proto__`, which a literal would not keep).
 */
function rowBuilderFor(fields: ResultField[], types: TypeParsers): RowBuilder | undefined {
  let key = '';
  for (const field of fields) {
    if (field.format === 'binary' || field.name === '__proto__') return undefined;
    key += `${field.name}\u0000${field.dataTypeID}\u0001`;
  }
  let byShape = builders.get(types);
  if (!byShape) {
    byShape = new Map();
    builders.set(types, byShape);
  }
  let builder = byShape.get(key);
  if (!builder) {
    const parsers = fields.map((field) => types.getTypeParser(field.dataTypeID, 'text'));
    const values = fields.map((field, i) => {
      const value = `values[${i}]`;
      // A text column arrives as a string already; pg's own parser would return it unchanged.
      const parsed = parsers[i] === unconverted ? value : `parsers[${i}](${value})`;
      return `${JSON.stringify(field.name)}: ${value} === null ? null : ${parsed}`;
    });
    builder = new Function('parsers', `return (values) => ({ ${values.join(', ')} });`)(
      parsers,
    ) as RowBuilder;
    if (byShape.size < MAX_ROW_SHAPES) byShape.set(key, builder);
  }
  return builder;
}

/**
 * pg's Query, with its rows built by a literal compiled once per column list. pg itself works out
 * every column's type parser and an empty row for each result (`Result.addFields`), then copies
 * that object for each row and sets the columns one by one; for a 22-column row that copy is a
 * dictionary-mode object (more than 16 properties added by name), and the whole came to ~20 µs
 * of CPU per query in the server (profiled on the users list). Same keys, order and values as
 * pg's rows (a repeated column name keeps the last value). No 'row' events: nothing listens.
 * Results after the first of a multi-statement text are left to pg.
 */
class CompiledRowsQuery extends (pg.Query as unknown as new (
  text: string,
  values: unknown[] | undefined,
  callback: Callback,
) => PgQueryHandlers) {
  #buildRow: RowBuilder | undefined;

  constructor(
    text: string,
    values: unknown[] | undefined,
    name: string | undefined,
    done: Callback,
  ) {
    super(text, values, done);
    // Set here rather than passed as a config object, which pg copies property by property.
    if (name) this.#internals.name = name;
  }

  get #internals(): QueryInternals {
    return this as unknown as QueryInternals;
  }

  override handleRowDescription(message: { fields: ResultField[] }): void {
    const result = this.#internals._result;
    this.#buildRow = result.command
      ? undefined
      : rowBuilderFor(message.fields, result._types ?? pg.types);
    if (this.#buildRow) result.fields = message.fields;
    else super.handleRowDescription(message);
  }

  override handleDataRow(message: { fields: (string | null)[] }): void {
    const buildRow = this.#buildRow;
    if (!buildRow) {
      super.handleDataRow(message);
      return;
    }
    const query = this.#internals;
    if (query._canceledDueToError) return;
    try {
      query._result.rows.push(buildRow(message.fields));
    } catch (error) {
      // As pg does: the error is reported once the statement is over.
      query._canceledDueToError = error;
    }
  }

  override handleCommandComplete(message: unknown, connection: unknown): void {
    this.#buildRow = undefined;
    super.handleCommandComplete(message, connection);
  }
}

/**
 * `client.query(text, values)`, with rows built by a compiled literal, and as the named prepared
 * statement `name` when one is given (pg parses it once per connection). One promise, where pg
 * makes two.
 */
export function runQuery(
  client: pg.ClientBase,
  text: string,
  values: unknown[] | undefined,
  name?: string,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new CompiledRowsQuery(text, values, name, (error, result) =>
      error ? reject(error) : resolve(result as pg.QueryResult),
    );
    client.query(query as unknown as pg.Submittable);
  });
}
