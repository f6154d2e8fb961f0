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
