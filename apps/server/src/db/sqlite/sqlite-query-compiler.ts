import {
  type DialectAdapter,
  type Driver,
  type LimitNode,
  type OffsetNode,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
} from 'kysely';
import { ImmediateSqliteDriver, type SqliteFileConfig } from './immediate-sqlite-driver.js';
import { TransactionalDdlSqliteAdapter } from './transactional-sqlite-adapter.js';

/**
 * SQLite's compiler, except that a bound LIMIT or OFFSET is written `? + 0`. SQLite (3.4x and
 * later, as better-sqlite3 ships it) reads the value bound to a bare `limit ?` while planning and
 * then marks the statement to be planned again whenever that parameter is bound anew, which every
 * execution does: parsing and planning the statement again on each run, ~10 % of a users-list
 * request (decision 008, "Statements that re-plan"). An expression is not read while planning, as
 * no bound limit was before; the value and the result are the same.
 */
class ReusableSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    super.visitLimit(node);
    if (isBound(node.limit)) this.append(' + 0');
  }

  protected override visitOffset(node: OffsetNode): void {
    super.visitOffset(node);
    if (isBound(node.offset)) this.append(' + 0');
  }
}

const isBound = (node: unknown) =>
  ValueNode.is(node as ValueNode) && !(node as ValueNode).immediate;

/** Kysely's SQLite dialect with that compiler, and a driver that can run a query at once. */
export class ReusableSqliteDialect extends SqliteDialect {
  readonly #config: SqliteFileConfig;

  constructor(config: SqliteFileConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createQueryCompiler(): SqliteQueryCompiler {
    return new ReusableSqliteQueryCompiler();
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
