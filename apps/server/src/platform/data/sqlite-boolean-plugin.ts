import {
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import type { ImmediateResultPlugin } from './immediate-results.js';

/**
 * SQLite has no boolean type and better-sqlite3 refuses to bind JavaScript booleans. This plugin
 * binds them as 1 and 0 and turns the named boolean columns back into booleans in results, so
 * repositories see the same values on SQLite as on PostgreSQL.
 */
export class SqliteBooleanPlugin implements ImmediateResultPlugin {
  readonly #booleanColumns: ReadonlySet<string>;
  readonly #transformer = new BooleanParameterTransformer();

  constructor(booleanColumns: ReadonlySet<string>) {
    this.#booleanColumns = booleanColumns;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return this.transformResultNow(args);
  }

  transformResultNow({ result }: PluginTransformResultArgs): QueryResult<UnknownRow> {
    for (const row of result.rows) {
      for (const key in row) {
        const value = row[key];
        if ((value === 0 || value === 1) && this.#booleanColumns.has(key)) row[key] = value === 1;
      }
    }
    return result;
  }
}

const toSqlite = (value: unknown): unknown =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

class BooleanParameterTransformer extends OperationNodeTransformer {
  // An immediate boolean is written into the SQL as `true`/`false`, which SQLite reads as 1/0
  // (the data filter's `is_deleted = false` must stay that text to match the partial indexes).
  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === 'boolean' && !node.immediate
      ? { ...node, value: toSqlite(node.value) }
      : node;
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    return PrimitiveValueListNode.create(node.values.map(toSqlite));
  }
}
