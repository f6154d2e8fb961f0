import { describe, expect, it } from 'vitest';
import { required, stringLength } from './validators';

describe('generic validators', () => {
  it('required, optionally allowing empty strings', () => {
    expect(required()('')).toBe('AbpValidation::ThisFieldIsRequired.');
    expect(required()('   ')).toBe('AbpValidation::ThisFieldIsRequired.');
    expect(required()(undefined)).toBe('AbpValidation::ThisFieldIsRequired.');
    expect(required()('x')).toBeUndefined();
    expect(required({ allowEmptyStrings: true })('')).toBeUndefined();
    expect(required({ allowEmptyStrings: true })(null)).toBe('AbpValidation::ThisFieldIsRequired.');
  });

  it('string length with its numbers', () => {
    expect(stringLength({ max: 3 })('abcd')).toBe(
      'AbpValidation::Validation:MaxLength[requiredLength=3,actualLength=4]',
    );
    expect(stringLength({ min: 2 })('a')).toBe(
      'AbpValidation::Validation:MinLength[requiredLength=2,actualLength=1]',
    );
    expect(stringLength({ min: 1, max: 3 })('abc')).toBeUndefined();
  });
});
