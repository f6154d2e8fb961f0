import { describe, expect, it } from 'vitest';
import {
  creditCard,
  email,
  isCreditCardNumber,
  minAge,
  range,
  required,
  stringLength,
  url,
} from './validators';

describe('generic validators', () => {
  it('required, optionally allowing empty strings', () => {
    expect(required()('')).toBe('AbpValidation::ThisFieldIsRequired.');
    expect(required()('   ')).toBe('AbpValidation::ThisFieldIsRequired.');
    expect(required()(undefined)).toBe('AbpValidation::ThisFieldIsRequired.');
    expect(required()('x')).toBeUndefined();
    expect(required({ allowEmptyStrings: true })('')).toBeUndefined();
    expect(required({ allowEmptyStrings: true })(null)).toBe('AbpValidation::ThisFieldIsRequired.');
  });

  it('e-mail', () => {
    expect(email()('ana@example.com')).toBeUndefined();
    expect(email()('ana@')).toBe('AbpValidation::Validation:Email');
    expect(email()('')).toBeUndefined();
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

  it('range: min 0 by default, max unlimited', () => {
    expect(range()(-1)).toBe('AbpValidation::Validation:Min[min=0,actual=-1]');
    expect(range()(1e12)).toBeUndefined();
    expect(range({ min: 1, max: 10 })(11)).toBe('AbpValidation::Validation:Max[max=10,actual=11]');
  });

  it('credit card: 13–19 digits after spaces and dashes, with the checksum', () => {
    expect(isCreditCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isCreditCardNumber('4111-1111-1111-1112')).toBe(false);
    expect(isCreditCardNumber('411111111111')).toBe(false);
    expect(creditCard()('4012888888881881')).toBeUndefined();
    expect(creditCard()('1234')).toBe('AbpValidation::Validation:CreditCard');
  });

  it('URL: http, https or ftp with a host', () => {
    expect(url()('https://vineta.app/x')).toBeUndefined();
    expect(url()('ftp://files.example')).toBeUndefined();
    expect(url()('mailto:ana@example.com')).toBe('AbpValidation::Validation:Url');
    expect(url()('vineta.app')).toBe('AbpValidation::Validation:Url');
  });

  it('minimum age, 18 by default', () => {
    const today = () => new Date(2024, 5, 15);
    expect(minAge({ today })('2006-06-15')).toBeUndefined();
    expect(minAge({ today })('2006-06-16')).toBe('AbpValidation::Validation:MinAge[age=18]');
    expect(minAge({ age: 21, today })('2000-01-01')).toBeUndefined();
  });
});
