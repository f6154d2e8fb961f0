/** Cultures the product ships (SPEC: es-MX first; Arabic is right-to-left). */
export const supportedCultures = [
  'es-MX',
  'en',
  'ar',
  'fr',
  'de',
  'pt-BR',
  'tr',
  'zh-Hans',
] as const;
export type SupportedCulture = (typeof supportedCultures)[number];

export const defaultCulture: SupportedCulture = 'es-MX';

/** Languages written right to left (ISO 639-1), checked on a culture's language subtag. */
export const rightToLeftLanguages: ReadonlySet<string> = new Set([
  'ar',
  'dv',
  'fa',
  'he',
  'ku',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

/** Whether `culture` (`ar`, `ar-EG`, `fa-IR`…) is written right to left. */
export function isRightToLeftCulture(culture: string): boolean {
  const language = culture.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return rightToLeftLanguages.has(language);
}

export function isSupportedCulture(culture: string): culture is SupportedCulture {
  return (supportedCultures as readonly string[]).includes(culture);
}
