import { requiredMessageKey } from '@vineta/contracts/common/fields';
import type { Localizer } from '../localization/localizer.js';

export interface ValidationIssue {
  /** The field path, e.g. `/userName` or `/features/0/value`. */
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

const RESOURCE = 'AbpValidation';
/** What ABP names the whole body or query (its action's argument) in validation errors. */
export const ROOT_MEMBER = 'input';

/**
 * Turns a schema issue into ABP's localized sentence ("The UserName field is required."). Contract
 * refinements carry their text as a `Resource::Key` message with parameters, which is localized too.
 */
export function validationMessage(
  issue: ValidationIssue,
  culture: string,
  localizer: Localizer,
): string {
  const member = memberName(issue.instancePath);
  const field = localizer.text('AbpValidation', `DisplayName:${member}`, culture);
  const named = field !== `DisplayName:${member}`;
  const fieldName = named ? field : member;
  const params = issue.params;
  const text = (name: string, data: Record<string, unknown>) =>
    localizer.message(RESOURCE, name, culture, data);
  // The contracts' "required" for an empty string (its form shows it under the field): in the
  // API's list, which names no field around it, the sentence that names it, as for a missing one,
  // when the field has a name in the reader's language (not a member's camelCase).
  if (issue.message === requiredMessageKey && named)
    return text('The {0} field is required.', { 0: fieldName });
  const key = /^(\w+)::(.+)$/.exec(issue.message ?? '');
  if (key?.[1] && key[2]) return localizer.message(key[1], key[2], culture, stringParams(params));

  /** ABP's `[Range]` text; past the safe integers (a crossed end that is no real bound), not valid. */
  const between = (crossed: unknown) =>
    bound(crossed, undefined) === undefined
      ? text('The value is not valid for {0}.', { 0: fieldName })
      : text('The field {0} must be between {1} and {2}.', {
          0: fieldName,
          1: bound(params.minimum, '-∞'),
          2: bound(params.maximum, '∞'),
        });
  switch (issue.keyword) {
    case 'too_small':
      if (params.origin === 'string' && params.minimum === 1)
        return text('The {0} field is required.', { 0: fieldName });
      if (params.origin === 'string') {
        return text('The field {0} must be a string with a minimum length of {1}.', {
          0: fieldName,
          1: params.minimum,
        });
      }
      return between(params.minimum);
    case 'too_big':
      if (params.origin === 'string') {
        return text('The field {0} must be a string with a maximum length of {1}.', {
          0: fieldName,
          1: params.maximum,
        });
      }
      return between(params.maximum);
    case 'invalid_type':
      if (params.input === undefined || params.input === null)
        return text('The {0} field is required.', { 0: fieldName });
      return text('The value is not valid for {0}.', { 0: fieldName });
    case 'invalid_format':
      if (params.format === 'email')
        return text('The {0} field is not a valid e-mail address.', { 0: fieldName });
      // A Guid ABP's model binding could not read: no pattern to quote.
      if (params.format === 'guid' || params.format === 'uuid')
        return text('The value is not valid for {0}.', { 0: fieldName });
      return text("The field {0} must match the regular expression '{1}'.", {
        0: fieldName,
        1: patternSource(params.pattern) ?? params.format,
      });
    case 'invalid_characters':
      return text('The field {0} contains characters that are not allowed.', { 0: fieldName });
    default:
      return text('The value is not valid for {0}.', { 0: fieldName });
  }
}

/** zod gives a pattern as a literal (`/^a+$/i`); ABP quotes only the expression (`^a+$`). */
function patternSource(pattern: unknown): unknown {
  if (typeof pattern !== 'string') return pattern;
  return /^\/(.*)\/[a-z]*$/s.exec(pattern)?.[1] ?? pattern;
}

/** A range's end as ABP writes it; none, or the end of the safe integers, is unbounded. */
function bound(value: unknown, unbounded: string | undefined): unknown {
  if (typeof value !== 'number') return value ?? unbounded;
  return Math.abs(value) >= Number.MAX_SAFE_INTEGER ? unbounded : value;
}

function memberName(instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.filter((part) => !/^\d+$/.test(part)).at(-1) ?? parts.at(-1) ?? ROOT_MEMBER;
}

function stringParams(params: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params))
    result[key] = Array.isArray(value) ? value.join(', ') : value;
  return result;
}
