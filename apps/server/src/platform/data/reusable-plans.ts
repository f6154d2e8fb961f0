/**
 * How PostgreSQL plans a statement kept by name (decision 008, "Plans kept by PostgreSQL"):
 * `generic`, once, whatever the values (an index walk bounded by its LIMIT, or a trigram search
 * through a view that leaves the planner no tenant index); `per-value`, for the values of each
 * execution, for a plan that does depend on them (none today: the trigram searches were, until
 * the view). Either way pg parses the text once per connection.
 */
export type StatementPlan = 'generic' | 'per-value';

export interface KeptStatement {
  name: string;
  plan: StatementPlan;
}

/**
 * SQL texts marked by their callers, which the PostgreSQL driver sends as named prepared
 * statements, planned as marked (`plan_cache_mode`, postgres-query.ts). Unmarked texts are sent
 * unnamed: parsed and planned on each execution.
 */
const statements = new Map<string, KeptStatement>();

/** Texts kept at most; a caller marks prepared shapes, a few per repository method. */
const MAX_TEXTS = 2_000;

export function keepStatement(sql: string, plan: StatementPlan): void {
  if (statements.has(sql) || statements.size >= MAX_TEXTS) return;
  statements.set(sql, { name: `vineta_${statements.size}`, plan });
}

/** The kept statement of a marked text, or undefined. */
export const keptStatement = (sql: string): KeptStatement | undefined => statements.get(sql);
