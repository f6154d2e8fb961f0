import pg from 'pg';
import type { KeptStatement } from '../../platform/data/reusable-plans.js';

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
  prepare(connection: PgConnection): void;
  handleRowDescription(message: { fields: ResultField[] }): void;
  handleDataRow(message: { fields: (string | null)[] }): void;
  handleCommandComplete(message: unknown, connection: unknown): void;
  handleError(error: Error, connection: unknown): void;
}
/** pg's Connection: the extended protocol's messages, and the statements parsed on it. */
interface PgConnection {
  parse(query: { text: string }): void;
  bind(config: Record<string, never>): void;
  execute(config: Record<string, never>): void;
  parsedStatements: Record<string, string>;
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
 * How PostgreSQL plans each statement (decision 008, "Plans kept by PostgreSQL"). A named
 * statement runs under `force_generic_plan`: planned once per connection. Left to `auto`,
 * PostgreSQL weighs the generic plan's estimate against the per-value plans': for a users-list
 * page the per-value estimate always won (4 against 90: the generic plan cannot see the LIMIT's
 * value), so the statement was planned again on every execution (~90 µs of the backend's CPU,
 * half of it). An unnamed statement with values runs under the session's default again, so that
 * a plan that depends on its values is made for them.
 *
 * The setting is switched only outside transaction blocks, in the same round trip as the statement:
 * the SET's Parse, Bind and Execute go before the statement's own messages, under its Sync. If the
 * statement fails, its implicit transaction undoes the SET, and the mode is taken as unknown.
 */
type PlanMode = 'generic' | 'default';
const switchTo: Record<PlanMode, string> = {
  generic: 'set plan_cache_mode = force_generic_plan',
  default: 'reset plan_cache_mode',
};
/** Each connection's mode as last switched; a new connection starts with the default. */
const planModes = new WeakMap<pg.ClientBase, PlanMode | 'unknown'>();

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
  readonly #client: pg.ClientBase;
  /** The plan mode this statement needs, if any (none: an unnamed statement without values). */
  readonly #planMode: PlanMode | undefined;
  /** Set while the SET sent before the statement has not completed. */
  #switching = false;
  /** Whether the connection had parsed this named statement before (see #forgetEarlyParse). */
  #parsedBefore = true;
  /** The mode switched to with this statement, once it has been sent. */
  switchedTo: PlanMode | undefined;

  constructor(
    client: pg.ClientBase,
    text: string,
    values: unknown[] | undefined,
    statement: KeptStatement | undefined,
    done: Callback,
  ) {
    super(text, values, done);
    this.#client = client;
    // Set here rather than passed as a config object, which pg copies property by property.
    if (statement) this.#internals.name = statement.name;
    const withValues = values !== undefined && values.length > 0;
    this.#planMode = statement ? 'generic' : withValues ? 'default' : undefined;
  }

  /** pg calls this when the statement's turn comes, to write its messages (corked). */
  override prepare(connection: PgConnection): void {
    const wanted = this.#planMode;
    if (
      wanted &&
      this.#client.getTransactionStatus() === 'I' &&
      (planModes.get(this.#client) ?? 'default') !== wanted
    ) {
      const name = this.#internals.name;
      this.#parsedBefore = !name || connection.parsedStatements[name] !== undefined;
      connection.parse({ text: switchTo[wanted] });
      connection.bind({});
      connection.execute({});
      this.#switching = true;
      this.switchedTo = wanted;
    }
    super.prepare(connection);
  }

  /**
   * pg counts a named statement as parsed on the first ParseComplete, which is the SET's: until
   * the statement's own Parse completes, it is not.
   */
  #forgetEarlyParse(connection: PgConnection): void {
    const name = this.#internals.name;
    if (name && !this.#parsedBefore) delete connection.parsedStatements[name];
  }

  override handleError(error: Error, connection: PgConnection): void {
    if (this.#switching) this.#forgetEarlyParse(connection);
    super.handleError(error, connection);
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
    // The SET's completion is not a result of the statement.
    if (this.#switching) {
      this.#switching = false;
      this.#forgetEarlyParse(connection as PgConnection);
      return;
    }
    this.#buildRow = undefined;
    super.handleCommandComplete(message, connection);
  }
}

/**
 * `client.query(text, values)`, with rows built by a compiled literal, and as the named prepared
 * statement `statement` when one is given (pg parses it once per connection; PostgreSQL plans it
 * once, see PlanMode). One promise, where pg makes two.
 */
export function runQuery(
  client: pg.ClientBase,
  text: string,
  values: unknown[] | undefined,
  statement?: KeptStatement,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new CompiledRowsQuery(client, text, values, statement, (error, result) => {
      if (query.switchedTo) planModes.set(client, error ? 'unknown' : query.switchedTo);
      if (error) reject(error);
      else resolve(result as pg.QueryResult);
    });
    client.query(query as unknown as pg.Submittable);
  });
}
