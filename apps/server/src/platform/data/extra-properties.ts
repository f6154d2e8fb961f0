/**
 * ABP's extra properties, stored as JSON text: an object, and a damaged value reads as none
 * rather than failing the read.
 */
export function parseExtraProperties(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
