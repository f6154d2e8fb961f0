import { encodeValidation } from './validation-message';

/** A react-hook-form `validate` function: undefined when valid, else an encoded message. */
export type Validator = (value: unknown) => string | undefined;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** Required; `allowEmptyStrings` accepts '' (but not undefined or null). */
export function required({ allowEmptyStrings = false } = {}): Validator {
  return (value) => {
    if (allowEmptyStrings && value === '') return undefined;
    return isEmpty(value) ||
      (typeof value === 'string' && !allowEmptyStrings && value.trim() === '')
      ? encodeValidation('required')
      : undefined;
  };
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function email(): Validator {
  return (value) =>
    isEmpty(value) || emailPattern.test(String(value)) ? undefined : encodeValidation('email');
}

/** String length between `min` and `max` characters. */
export function stringLength({
  min = 0,
  max = Number.POSITIVE_INFINITY,
}: {
  min?: number;
  max?: number;
}): Validator {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const length = String(value).length;
    if (length > max)
      return encodeValidation('maxLength', { requiredLength: max, actualLength: length });
    if (length < min)
      return encodeValidation('minLength', { requiredLength: min, actualLength: length });
    return undefined;
  };
}

/** A number in `[min, max]`; min defaults to 0 and max to unlimited (SPEC.md section 5). */
export function range({
  min = 0,
  max = Number.POSITIVE_INFINITY,
}: {
  min?: number;
  max?: number;
} = {}): Validator {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const actual = Number(value);
    if (Number.isNaN(actual)) return encodeValidation('invalid');
    if (actual > max) return encodeValidation('max', { max, actual });
    if (actual < min) return encodeValidation('min', { min, actual });
    return undefined;
  };
}

/** 13–19 digits once spaces and dashes are gone, with a valid Luhn checksum. */
export function isCreditCardNumber(raw: string): boolean {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function creditCard(): Validator {
  return (value) =>
    isEmpty(value) || isCreditCardNumber(String(value))
      ? undefined
      : encodeValidation('creditCard');
}

/** http, https or ftp with a host. */
export function isUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return ['http:', 'https:', 'ftp:'].includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function url(): Validator {
  return (value) => (isEmpty(value) || isUrl(String(value)) ? undefined : encodeValidation('url'));
}

/** The person born on that date is at least `age` years old today (default 18). */
export function minAge({
  age = 18,
  today = () => new Date(),
}: {
  age?: number;
  today?: () => Date;
} = {}): Validator {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const born = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(born.getTime())) return encodeValidation('invalid');
    const now = today();
    const limit = new Date(now.getFullYear() - age, now.getMonth(), now.getDate());
    return born <= limit ? undefined : encodeValidation('minAge', { age });
  };
}

/** Runs validators in order and returns the first message. */
export function compose(...validators: Validator[]): Validator {
  return (value) => {
    for (const validator of validators) {
      const message = validator(value);
      if (message) return message;
    }
    return undefined;
  };
}
