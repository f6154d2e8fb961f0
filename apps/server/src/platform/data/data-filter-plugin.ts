import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  type DeleteQueryNode,
  IdentifierNode,
  type InsertQueryNode,
  JoinNode,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  ReferenceNode,
  type RootOperationNode,
  type SelectQueryNode,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
} from 'kysely';
import { currentDataScope, type DataScope } from './data-scope.js';
import type { ImmediateResultPlugin } from './immediate-results.js';

export interface DataFilterTables {
  /** Tables with a nullable `tenantId` (null: the host's rows). */
  readonly multiTenant: ReadonlySet<string>;
  /** Tables with `isDeleted`. */
  readonly softDelete: ReadonlySet<string>;
}

export class MissingTenantScopeError extends Error {
  override name = 'MissingTenantScopeError';
}

/**
 * Adds ABP's data filters to every query Kysely builds, so that no repository can forget them:
 * `tenantId = <current tenant>` (or `is null` for the host) on tenant-owned tables in selects,
 * updates, deletes and joins, the tenant id on inserts, and `isDeleted = false` on soft-deleted
 * tables. Raw SQL is not seen here; it is kept out of repositories for that reason.
 */
export class DataFilterPlugin implements ImmediateResultPlugin {
  readonly #tables: DataFilterTables;

  constructor(tables: DataFilterTables) {
    this.#tables = tables;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const scope = currentDataScope();
    if (scope && !scope.tenantFilter && !scope.softDeleteFilter) return node;
    return new FilterTransformer(this.#tables, scope).transformNode(node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  transformResultNow(args: PluginTransformResultArgs): QueryResult<UnknownRow> {
    return args.result;
  }
}

class FilterTransformer extends OperationNodeTransformer {
  readonly #tables: DataFilterTables;
  readonly #scope: DataScope | undefined;

  constructor(tables: DataFilterTables, scope: DataScope | undefined) {
    super();
    this.#tables = tables;
    this.#scope = scope;
  }

  protected override transformSelectQuery(original: SelectQueryNode): SelectQueryNode {
    const node = super.transformSelectQuery(original);
    const conditions = (node.from?.froms ?? []).flatMap((table) => this.#conditionsFor(table));
    return {
      ...node,
      joins: node.joins?.map((join) => this.#filterJoin(join)),
      where: addConditions(node.where, conditions),
    };
  }

  protected override transformUpdateQuery(original: UpdateQueryNode): UpdateQueryNode {
    const node = super.transformUpdateQuery(original);
    const conditions = node.table ? this.#conditionsFor(node.table) : [];
    return { ...node, where: addConditions(node.where, conditions) };
  }

  protected override transformDeleteQuery(original: DeleteQueryNode): DeleteQueryNode {
    const node = super.transformDeleteQuery(original);
    const conditions = node.from.froms.flatMap((table) => this.#conditionsFor(table));
    return { ...node, where: addConditions(node.where, conditions) };
  }

  protected override transformInsertQuery(original: InsertQueryNode): InsertQueryNode {
    const node = super.transformInsertQuery(original);
    const table = node.into && tableName(node.into);
    if (!table || !this.#tables.multiTenant.has(table) || !this.#scope?.tenantFilter) return node;
    const columns = node.columns ?? [];
    if (columns.some((column) => column.column.name === 'tenantId')) return node;
    if (!node.values || !ValuesNode.is(node.values)) return node;
    const tenantId = this.#tenantId();
    return {
      ...node,
      columns: [...columns, ColumnNode.create('tenantId')],
      values: ValuesNode.create(
        node.values.values.map((row) =>
          PrimitiveValueListNode.is(row)
            ? PrimitiveValueListNode.create([...row.values, tenantId])
            : ValueListNode.create([...row.values, ValueNode.create(tenantId)]),
        ),
      ),
    };
  }

  #filterJoin(join: JoinNode): JoinNode {
    const conditions = this.#conditionsFor(join.table);
    if (conditions.length === 0) return join;
    const all = and(conditions);
    return join.on
      ? JoinNode.cloneWithOn(join, all)
      : JoinNode.createWithOn(join.joinType, join.table, all);
  }

  #conditionsFor(source: OperationNode): OperationNode[] {
    const target = tableTarget(source);
    if (!target) return [];
    const conditions: OperationNode[] = [];
    if (this.#tables.multiTenant.has(target.name) && this.#scope?.tenantFilter !== false) {
      const tenantId = this.#tenantId();
      const column = ReferenceNode.create(ColumnNode.create('tenantId'), target.reference);
      conditions.push(
        tenantId === null
          ? BinaryOperationNode.create(
              column,
              OperatorNode.create('is'),
              ValueNode.createImmediate(null),
            )
          : BinaryOperationNode.create(
              column,
              OperatorNode.create('='),
              ValueNode.create(tenantId),
            ),
      );
    }
    if (this.#tables.softDelete.has(target.name) && this.#scope?.softDeleteFilter !== false) {
      const column = ReferenceNode.create(ColumnNode.create('isDeleted'), target.reference);
      // Written as `false`, not bound: it is the text of the partial unique indexes' condition,
      // and SQLite re-plans a statement on every execution when it proves such an index usable
      // from a bound value (decision 008, "Statements that re-plan").
      conditions.push(
        BinaryOperationNode.create(
          column,
          OperatorNode.create('='),
          ValueNode.createImmediate(false),
        ),
      );
    }
    return conditions;
  }

  #tenantId(): string | null {
    const tenantId = this.#scope?.tenantId;
    if (tenantId === undefined) {
      throw new MissingTenantScopeError(
        'A tenant-owned table was queried outside a tenant scope; wrap the work in withinTenant().',
      );
    }
    return tenantId;
  }
}

function tableName(node: TableNode): string {
  return node.table.identifier.name;
}

/** The table a FROM item names and how to refer to it (its alias when it has one). */
function tableTarget(source: OperationNode): { name: string; reference: TableNode } | undefined {
  if (TableNode.is(source)) return { name: tableName(source), reference: source };
  if (AliasNode.is(source) && TableNode.is(source.node) && IdentifierNode.is(source.alias)) {
    return { name: tableName(source.node), reference: TableNode.create(source.alias.name) };
  }
  return undefined;
}

function and(conditions: OperationNode[]): OperationNode {
  return conditions.reduce((left, right) => AndNode.create(left, right));
}

function addConditions(
  where: WhereNode | undefined,
  conditions: OperationNode[],
): WhereNode | undefined {
  if (conditions.length === 0) return where;
  const all = and(conditions);
  // The caller's condition is parenthesised so that an `or` in it cannot escape the filter.
  return WhereNode.create(where ? AndNode.create(ParensNode.create(where.where), all) : all);
}
