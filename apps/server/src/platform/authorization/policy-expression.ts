/**
 * Evaluates a policy expression of names joined by `||` and `&&` (`&&` binds tighter, as in
 * ABP's Angular `PermissionService`): `A || B && C` is `A || (B && C)`.
 */
export function evaluatePolicy(expression: string, isGranted: (name: string) => boolean): boolean {
  const trimmed = expression.trim();
  if (!trimmed) return true;
  return trimmed.split('||').some((alternative) =>
    alternative
      .split('&&')
      .map((name) => name.trim())
      .every((name) => name.length > 0 && isGranted(name)),
  );
}

const namesOfPolicy = new Map<string, readonly string[]>();

/** The distinct permission names an expression mentions (memoized: policies are route constants). */
export function policyNames(expression: string): readonly string[] {
  let names = namesOfPolicy.get(expression);
  if (!names) {
    const all = expression.split('||').flatMap((part) => part.split('&&'));
    names = [...new Set(all.map((name) => name.trim()).filter((name) => name.length > 0))];
    if (namesOfPolicy.size < 10_000) namesOfPolicy.set(expression, names);
  }
  return names;
}
