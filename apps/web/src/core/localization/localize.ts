import type { TextParams, TextSource } from './localizable';

/** Looks a key up in the resources; undefined when the key is not there. */
export type Lookup = (resource: string, key: string) => string | undefined;

/** Replaces ABP's positional `{0}` placeholders, or named `{max}` ones. */
export function interpolate(template: string, params: TextParams = []): string {
  if (Array.isArray(params)) {
    const list = params as readonly string[];
    return template.replace(
      /\{\s*(\d+)\s*\}/g,
      (match, index: string) => list[Number(index)] ?? match,
    );
  }
  const named = params as Readonly<Record<string, string>>;
  return template.replace(
    /\{\s*([A-Za-z_]\w*)\s*\}/g,
    (match, name: string) => named[name] ?? match,
  );
}

/** Splits `Resource::Key`; a key without `::` or with an empty resource uses the default resource. */
export function splitKey(
  key: string,
  defaultResource: string | null | undefined,
): { resource: string | undefined; name: string; hasSeparator: boolean } {
  const index = key.indexOf('::');
  if (index < 0) return { resource: defaultResource ?? undefined, name: key, hasSeparator: false };
  const resource = key.slice(0, index) || defaultResource || undefined;
  return { resource, name: key.slice(index + 2), hasSeparator: true };
}

/**
 * ABP's server messages may carry parameters in square brackets:
 * `AbpValidation::ThisFieldMustBeBetween{0}And{1}[1,10]` → key and ['1', '10'].
 */
export function splitBracketParams(message: string): { key: string; params: string[] } {
  const index = message.indexOf('[');
  if (index < 0 || !message.endsWith(']')) return { key: message, params: [] };
  return {
    key: message.slice(0, index),
    params: message.slice(index + 1, -1).split(','),
  };
}

/** Resolves a text: the resource value, else the fallback, else the key's name (plain text as is). */
export function localizeWith(
  lookup: Lookup,
  defaultResource: string | null | undefined,
  source: TextSource,
  params?: TextParams,
): string {
  const {
    key,
    defaultValue,
    params: own,
  } = typeof source === 'string'
    ? { key: source, defaultValue: undefined, params: undefined }
    : source;
  const allParams = params ?? own ?? [];
  const { resource, name, hasSeparator } = splitKey(key, defaultResource);
  const found = resource ? lookup(resource, name) : undefined;
  if (found !== undefined) return interpolate(found, allParams);
  if (defaultValue !== undefined) return interpolate(defaultValue, allParams);
  return interpolate(hasSeparator ? name : key, allParams);
}
