import type { TextParams, TextSource } from './localizable';

/** Looks a key up in the resources; undefined when the key is not there. */
export type Lookup = (resource: string, key: string) => string | undefined;

/**
 * A value set apart from the text around it for the bidirectional algorithm (U+2068 FIRST STRONG
 * ISOLATE … U+2069 POP DIRECTIONAL ISOLATE): in an Arabic sentence a Latin name that ends in
 * punctuation, such as `Editorial-y'`, was laid out with its ends swapped into the sentence.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;

/**
 * Replaces ABP's positional `{0}` placeholders, or named `{max}` ones, each value through `wrap`
 * (`isolate` in a right-to-left language).
 */
export function interpolate(
  template: string,
  params: TextParams = [],
  wrap: (value: string) => string = (value) => value,
): string {
  if (Array.isArray(params)) {
    const list = params as readonly string[];
    return template.replace(/\{\s*(\d+)\s*\}/g, (match, index: string) => {
      const value = list[Number(index)];
      return value === undefined ? match : wrap(value);
    });
  }
  const named = params as Readonly<Record<string, string>>;
  return template.replace(/\{\s*([A-Za-z_]\w*)\s*\}/g, (match, name: string) => {
    const value = named[name];
    return value === undefined ? match : wrap(value);
  });
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

/**
 * Resolves a text: the resource value, else the fallback, else the key's name (plain text as is),
 * its parameters through `wrap`.
 */
export function localizeWith(
  lookup: Lookup,
  defaultResource: string | null | undefined,
  source: TextSource,
  params?: TextParams,
  wrap?: (value: string) => string,
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
  if (found !== undefined) return interpolate(found, allParams, wrap);
  if (defaultValue !== undefined) return interpolate(defaultValue, allParams, wrap);
  return interpolate(hasSeparator ? name : key, allParams, wrap);
}
