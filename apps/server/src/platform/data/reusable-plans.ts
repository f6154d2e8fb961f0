/**
 * How PostgreSQL plans a statement kept by name (decision 008, "Plans kept by PostgreSQL"):
 * `generic`, once, whatever the values (an index walk bounded by its LIMIT); `per-value`, for the
 * values of each execution (a trigram search, whose best plan depends on how rare its trigrams
 * are: a generic plan, made without them, once read the tenant instead of the GIN index, 5.9 ms
 * of backend CPU against 0.22). Either way pg parses the text once per connection.
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
