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
