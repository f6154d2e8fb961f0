/**
 * Evaluates a policy expression of names joined by `||` and `&&` (`&&` binds tighter, as in
 * ABP's Angular `PermissionService`): `A || B && C` is `A || (B && C)`.
 */
export function evaluatePolicy(expression: string, isGranted: (name: string) => boolean): boolean {
  const alternatives = alternativesOf(expression);
  if (alternatives === undefined) return true;
  return alternatives.some((names) => names.every((name) => name.length > 0 && isGranted(name)));
}

/** Policies are route constants: each is parsed once (up to this many kept). */
const MAX_POLICIES = 10_000;
const parsed = new Map<string, readonly (readonly string[])[] | undefined>();

/** The expression's `||` alternatives, each the names it joins with `&&`; undefined when empty. */
function alternativesOf(expression: string): readonly (readonly string[])[] | undefined {
  if (parsed.has(expression)) return parsed.get(expression);
  const trimmed = expression.trim();
  const alternatives = trimmed
    ? trimmed.split('||').map((alternative) => alternative.split('&&').map((name) => name.trim()))
    : undefined;
  if (parsed.size < MAX_POLICIES) parsed.set(expression, alternatives);
  return alternatives;
}

const namesOfPolicy = new Map<string, readonly string[]>();

/** The distinct permission names an expression mentions (memoized: policies are route constants). */
export function policyNames(expression: string): readonly string[] {
  let names = namesOfPolicy.get(expression);
  if (!names) {
    const all = expression.split('||').flatMap((part) => part.split('&&'));
    names = [...new Set(all.map((name) => name.trim()).filter((name) => name.length > 0))];
    if (namesOfPolicy.size < MAX_POLICIES) namesOfPolicy.set(expression, names);
  }
  return names;
}
