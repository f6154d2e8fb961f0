import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { currentDataScope, type DataScope, runInScope } from './data-scope.js';
import { keepStatement, type StatementPlan } from './reusable-plans.js';
import type { DataContext } from './transaction.js';

/** Values a prepared query binds per call, by name. */
type QueryParameters = Record<string, unknown>;

/**
 * Builds one shape of a query. `parameters` are placeholders while the shape is prepared: pass
 * them into the query as values (`.limit(p.take)`, `eb('x', '=', p.name)`, `sql`…${p.term}``), and
 * never look inside them: anything the query's text depends on belongs in the shape key.
 */
type ShapeBuilder<DB, P extends QueryParameters, Row> = (
  db: Kysely<DB>,
  parameters: P,
) => Compilable<Row>;

export interface PreparedQueries<DB> {
  /**
   * Runs the query of shape `shape` with `parameters`. The first call of a shape (in a given kind
   * of data scope) builds it with `build`, runs the plugins (data filters, camelCase, SQLite
   * booleans) and compiles it; later calls only bind the parameters and the current tenant.
   * `shape` must name everything the SQL text depends on besides the parameters (sort column,
   * direction, number of terms…); the data scope's part (host, tenant, all tenants, soft-delete
   * filter) is added here. Rows pass through Kysely's result plugins as usual.
   */
  execute<P extends QueryParameters, Row>(
    shape: string,
    parameters: P,
    build: ShapeBuilder<DB, P, Row>,
    options?: ShapeOptions,
  ): Promise<Row[]>;
}

interface ShapeOptions {
  /**
   * `generic`: PostgreSQL keeps the shape as a named statement, parsed once per connection and
   * planned once (reusable-plans.ts), only for a plan that is the same whatever the values (an
   * index walk bounded by its LIMIT, say). Unset: sent unnamed, parsed and planned on each
   * execution.
   */
  plan?: StatementPlan;
}

/** Shapes kept per context; a caller's keys are few (a handful per repository method). */
const MAX_SHAPES = 1_000;

/**
 * Prepared query shapes (decision 008). Kysely builds, transforms and compiles a query on every
 * `execute()` — a quarter of a millisecond for a 22-column select through three plugins, several
 * times what the database takes for a page of a list. This keeps each shape's compiled SQL and
 * a recipe for its parameters: each position is a constant of the shape, a named parameter, or
 * the current tenant's id.
 *
 * Tenant isolation still comes from the DataFilterPlugin (decision 001): a tenant's shape is
 * prepared in a scope whose tenant id is a sentinel, so the plugin writes its `tenant_id = ?` as
 * always, and the sentinel's position is bound to the caller's tenant on every call. Queries run
 * on the ambient Kysely (transaction or not), so the routing driver (decision 003) and the result
 * plugins apply; when the database can answer at once (`DataContext.executeNow`: SQLite, no
 * transaction, its connection free), without Kysely's promise chain.
 */
export function createPreparedQueries<DB>(data: DataContext<DB>): PreparedQueries<DB> {
  const shapes = new Map<string, PreparedShape>();
  const sqlite = data.dialect === 'sqlite';

  function prepare<P extends QueryParameters, Row>(
    parameters: P,
    build: ShapeBuilder<DB, P, Row>,
    scope: DataScope | undefined,
    kind: ScopeKind,
  ): PreparedShape {
    const names = Object.keys(parameters);
    const placeholders = Object.fromEntries(names.map((name) => [name, placeholder(name)])) as P;
    const compile = () => build(data.db, placeholders).compile();
    const compiled =
      kind === 'tenant' && scope
        ? runInScope({ ...scope, tenantId: TENANT_SENTINEL }, compile)
        : compile();
    if (compiled.sql.includes(TENANT_SENTINEL)) {
      throw new Error('A prepared query has the tenant in its SQL text; it must be a parameter');
    }
    const slots: Slot[] = compiled.parameters.map((value) => {
      if (value === TENANT_SENTINEL) return { kind: 'tenant' };
      const name = placeholderName(value);
      return name === undefined ? { kind: 'constant', value } : { kind: 'named', name };
    });
    const unused = names.filter(
      (name) => !slots.some((s) => s.kind === 'named' && s.name === name),
    );
    if (unused.length > 0) {
      throw new Error(`Prepared query parameters not used by the query: ${unused.join(', ')}`);
    }
    return { compiled, slots };
  }

  function bind(shape: PreparedShape, parameters: QueryParameters, tenantId: unknown) {
    const values = new Array<unknown>(shape.slots.length);
    for (let i = 0; i < values.length; i++) {
      const slot = shape.slots[i] as Slot;
      const value =
        slot.kind === 'constant'
          ? slot.value
          : slot.kind === 'tenant'
            ? tenantId
            : parameters[slot.name];
      // better-sqlite3 refuses booleans; the SQLite plugin only saw the placeholders.
      values[i] = sqlite && typeof value === 'boolean' ? Number(value) : value;
    }
    return values;
  }

  function run<P extends QueryParameters, Row>(
    shape: string,
    parameters: P,
    build: ShapeBuilder<DB, P, Row>,
    options: ShapeOptions | undefined,
  ): Promise<Row[]> {
    const scope = currentDataScope();
    const kind = scopeKind(scope);
    const key = `${data.dialect}|${kind}|${scope?.softDeleteFilter === false ? 'deleted' : ''}|${shape}`;
    let prepared = shapes.get(key);
    if (!prepared) {
      prepared = prepare(parameters, build, scope, kind);
      if (options?.plan) keepStatement(prepared.compiled.sql);
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value as string);
      shapes.set(key, prepared);
    }
    const query: CompiledQuery = {
      ...prepared.compiled,
      parameters: bind(prepared, parameters, scope?.tenantId),
    };
    // Most often the database answers at once (SQLite): no promise chain through Kysely then.
    const immediate = data.executeNow(query);
    if (immediate) return Promise.resolve(immediate.rows as Row[]);
    return data
      .query()
      .executeQuery(query)
      .then((result) => result.rows as Row[]);
  }

  return {
    execute(shape, parameters, build, options) {
      try {
        return run(shape, parameters, build, options);
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}

type Slot =
  | { kind: 'constant'; value: unknown }
  | { kind: 'named'; name: string }
  | { kind: 'tenant' };

interface PreparedShape {
  compiled: CompiledQuery;
  slots: Slot[];
}

/**
 * What the data filter makes of a query in this scope: `tenant` (any one tenant: its id is bound
 * per call), `host` (`tenant_id is null`), `all` (no tenant condition) or `unresolved` (a
 * tenant-owned table then refuses, as it would unprepared).
 */
type ScopeKind = 'tenant' | 'host' | 'all' | 'unresolved';

function scopeKind(scope: DataScope | undefined): ScopeKind {
  if (scope?.tenantFilter === false) return 'all';
  if (scope?.tenantId === null) return 'host';
  return typeof scope?.tenantId === 'string' ? 'tenant' : 'unresolved';
}

/** Never a real tenant id: random per process, and not a GUID. */
const TENANT_SENTINEL = `prepared-query-tenant:${crypto.randomUUID()}`;

const PLACEHOLDER = Symbol('prepared query parameter');

/**
 * A named parameter while a shape is prepared: found again by identity in the compiled
 * parameters. Turning it into a string or number (a template, `+`) throws, since the value it
 * stands for would then be baked into the shape.
 */
function placeholder(name: string): object {
  return Object.freeze({
    [PLACEHOLDER]: name,
    [Symbol.toPrimitive]() {
      throw new Error(`Prepared query parameter "${name}" was read while building the shape`);
    },
  });
}

function placeholderName(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && PLACEHOLDER in value
    ? (value as { [PLACEHOLDER]: string })[PLACEHOLDER]
    : undefined;
}
