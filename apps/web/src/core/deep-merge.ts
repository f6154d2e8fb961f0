type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ABP's `deepMerge`: objects merge key by key, anything else (arrays included) is replaced. */
export function deepMerge<T>(target: T, source: unknown): T {
  if (!isPlainObject(target) || !isPlainObject(source)) {
    return (source === undefined ? target : source) as T;
  }
  const result: Plain = { ...target };
  for (const [key, value] of Object.entries(source)) {
    result[key] =
      isPlainObject(value) && isPlainObject(result[key]) ? deepMerge(result[key], value) : value;
  }
  return result as T;
}
