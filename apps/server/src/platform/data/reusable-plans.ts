/**
 * How a kept statement is planned: once, generically, whatever its values (decision 008, "Plans
 * kept by PostgreSQL"). Only for a plan that is the same for every value: an index walk bounded
 * by its LIMIT, or a trigram search through the view that leaves the planner no tenant index.
 */
export type StatementPlan = 'generic';

export interface KeptStatement {
  name: string;
}

/**
 * SQL texts marked by their callers, which the PostgreSQL driver sends as named prepared
 * statements: parsed once per connection and planned once (`plan_cache_mode`, postgres-query.ts).
 * Unmarked texts are sent unnamed: parsed and planned on each execution.
 */
const statements = new Map<string, KeptStatement>();

/** Texts kept at most; a caller marks prepared shapes, a few per repository method. */
const MAX_TEXTS = 2_000;

export function keepStatement(sql: string): void {
  if (statements.has(sql) || statements.size >= MAX_TEXTS) return;
  statements.set(sql, { name: `vineta_${statements.size}` });
}

/** The kept statement of a marked text, or undefined. */
export const keptStatement = (sql: string): KeptStatement | undefined => statements.get(sql);
