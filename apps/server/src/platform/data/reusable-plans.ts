/**
 * SQL texts whose plan does not depend on the values bound to them (decision 008, "Plans kept by
 * PostgreSQL"). The PostgreSQL driver sends such a text as a named prepared statement: parsed
 * once per connection, and planned once, generically (`force_generic_plan`, postgres-query.ts).
 * Only a caller that knows its plan is the same for every value may mark a text: a generic plan
 * is chosen without the values, and for a `like` on a trigram index it was 27 times slower than
 * the per-value plan (5.9 ms of backend CPU against 0.22).
 */
const names = new Map<string, string>();

/** Texts kept at most; a caller marks prepared shapes, a few per repository method. */
const MAX_TEXTS = 2_000;

export function markPlanReusable(sql: string): void {
  if (names.has(sql) || names.size >= MAX_TEXTS) return;
  names.set(sql, `vineta_${names.size}`);
}

/** The statement name of a marked text, or undefined. */
export const reusablePlanName = (sql: string): string | undefined => names.get(sql);
