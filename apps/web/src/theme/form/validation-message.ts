import type { LocalizableText } from '#src/core/localization/localizable';
import { splitBracketParams } from '#src/core/localization/localize';

/** The AbpValidation texts the forms use (SPEC.md section 5), with their English fallbacks. */
export const validationMessages = {
  required: { key: 'AbpValidation::ThisFieldIsRequired.', defaultValue: 'This field is required.' },
  email: {
    key: 'AbpValidation::Validation:Email',
    defaultValue: 'Please enter a valid email address.',
  },
  maxLength: {
    key: 'AbpValidation::Validation:MaxLength',
    defaultValue: 'Max. {requiredLength} characters are allowed. (has {actualLength})',
  },
  minLength: {
    key: 'AbpValidation::Validation:MinLength',
    defaultValue: 'Min. {requiredLength} characters are required. (has {actualLength})',
  },
  max: {
    key: 'AbpValidation::Validation:Max',
    defaultValue: 'Max. value should be {max}. ({actual} entered)',
  },
  min: {
    key: 'AbpValidation::Validation:Min',
    defaultValue: 'Min. value should be {min}. ({actual} entered)',
  },
  range: {
    key: 'AbpValidation::ThisFieldMustBeBetween{0}And{1}',
    defaultValue: 'This field must be between {0} and {1}.',
  },
  pattern: {
    key: 'AbpValidation::Validation:Pattern',
    defaultValue: 'Invalid pattern. Please review your input.',
  },
  url: {
    key: 'AbpValidation::Validation:Url',
    defaultValue: 'Please enter a valid URL (http, https or ftp).',
  },
  passwordMismatch: {
    key: 'AbpValidation::Validation:PasswordMismatch',
    defaultValue: 'Passwords do not match.',
  },
  passwordRules: {
    key: 'AbpValidation::Validation:PasswordRules',
    defaultValue: 'Password should include {description}.',
  },
  invalid: { key: 'AbpValidation::ThisFieldIsNotValid.', defaultValue: 'This field is not valid.' },
} as const satisfies Record<string, LocalizableText>;

export type ValidationKind = keyof typeof validationMessages;

/** The password kinds' texts, listed in 'Password should include …'. */
export const passwordKindTexts = {
  small: { key: 'AbpValidation::Validation:PasswordSmall', defaultValue: 'a small letter' },
  capital: { key: 'AbpValidation::Validation:PasswordCapital', defaultValue: 'a capital' },
  number: { key: 'AbpValidation::Validation:PasswordNumber', defaultValue: 'a number' },
  special: {
    key: 'AbpValidation::Validation:PasswordSpecial',
    defaultValue: 'a special character',
  },
} as const satisfies Record<string, LocalizableText>;

type ParamValue = string | number | readonly string[];

/**
 * A validation message travels through react-hook-form as a string in ABP's bracket form:
 * `Key[1,10]` (positional) or `Key[max=10,actual=12]` (named; lists joined with `|`).
 */
export function encodeValidation(
  kind: ValidationKind,
  params?: Record<string, ParamValue> | ParamValue[],
): string {
  return encodeMessage(validationMessages[kind].key, params);
}

export function encodeMessage(
  key: string,
  params?: Record<string, ParamValue> | ParamValue[],
): string {
  if (!params) return key;
  const format = (value: ParamValue) => (Array.isArray(value) ? value.join('|') : String(value));
  const parts = Array.isArray(params)
    ? params.map(format)
    : Object.entries(params).map(([name, value]) => `${name}=${format(value)}`);
  return parts.length ? `${key}[${parts.join(',')}]` : key;
}

export interface DecodedMessage {
  text: LocalizableText;
  /** Named list parameters (e.g. the missing password kinds). */
  lists: Record<string, string[]>;
}

const fallbacks = new Map<string, string>(
  Object.values(validationMessages).map((message) => [message.key, message.defaultValue]),
);

/** Turns an encoded (or server) message back into a key, parameters and its fallback. */
export function decodeValidation(message: string): DecodedMessage {
  const { key, params } = splitBracketParams(message);
  const fallback = fallbacks.get(key);
  const named = params.length > 0 && params.every((param) => param.includes('='));
  const lists: Record<string, string[]> = {};
  let textParams: LocalizableText['params'] = params;
  if (named) {
    const record: Record<string, string> = {};
    for (const param of params) {
      const [name = '', ...rest] = param.split('=');
      const value = rest.join('=');
      record[name] = value;
      lists[name] = value ? value.split('|') : [];
    }
    textParams = record;
  }
  return {
    text: {
      key,
      ...(fallback !== undefined ? { defaultValue: fallback } : {}),
      params: textParams,
    },
    lists,
  };
}
