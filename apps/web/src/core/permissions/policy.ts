/**
 * ABP's policy expressions: `A || B` (any) and `A && B` (all), `&&` binding tighter.
 * An empty policy is granted.
 */
export function isPolicyGranted(
  policy: string | null | undefined,
  grantedPolicies: Record<string, boolean> | undefined,
): boolean {
  if (!policy?.trim()) return true;
  const granted = grantedPolicies ?? {};
  return policy.split('||').some((alternative) =>
    alternative
      .split('&&')
      .map((name) => name.trim())
      .every((name) => name.length > 0 && granted[name] === true),
  );
}
