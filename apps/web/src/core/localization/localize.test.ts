import { describe, expect, it } from 'vitest';
import { interpolate, isolate, localizeWith, splitBracketParams, splitKey } from './localize';

const texts: Record<string, Record<string, string>> = {
  Vineta: { 'Menu:Home': 'Inicio', Hello: 'Hola {0}, tienes {1}' },
  AbpValidation: { 'ThisFieldMustBeBetween{0}And{1}': 'Este campo debe estar entre {0} y {1}.' },
};
const lookup = (resource: string, key: string) => texts[resource]?.[key];

describe('localization', () => {
  it('splits Resource::Key and uses the default resource for ::Key and bare keys', () => {
    expect(splitKey('AbpUi::Close', 'Vineta')).toEqual({
      resource: 'AbpUi',
      name: 'Close',
      hasSeparator: true,
    });
    expect(splitKey('::Menu:Home', 'Vineta')).toEqual({
      resource: 'Vineta',
      name: 'Menu:Home',
      hasSeparator: true,
    });
    expect(splitKey('Menu:Home', 'Vineta')).toEqual({
      resource: 'Vineta',
      name: 'Menu:Home',
      hasSeparator: false,
    });
  });

  it('finds texts and fills {0} parameters', () => {
    expect(localizeWith(lookup, 'Vineta', '::Menu:Home')).toBe('Inicio');
    expect(localizeWith(lookup, 'Vineta', 'Vineta::Hello', ['Ana', '3'])).toBe(
      'Hola Ana, tienes 3',
    );
  });

  it('falls back to the default value, else the key name, else the plain text', () => {
    expect(localizeWith(lookup, 'Vineta', { key: 'AbpUi::Close', defaultValue: 'Close' })).toBe(
      'Close',
    );
    expect(localizeWith(lookup, 'Vineta', 'AbpUi::Close')).toBe('Close');
    expect(localizeWith(lookup, 'Vineta', 'Invalid username or password!')).toBe(
      'Invalid username or password!',
    );
  });

  it('fills named parameters', () => {
    expect(interpolate('Max. {max}. ({actual} entered)', { max: '10', actual: '12' })).toBe(
      'Max. 10. (12 entered)',
    );
    expect(interpolate('{0} and {5}', ['a'])).toBe('a and {5}');
  });

  it('isolates each parameter for the bidirectional algorithm when asked (right-to-left)', () => {
    const wrapped = localizeWith(lookup, 'Vineta', 'Vineta::Hello', ["Editorial-y'", '3'], isolate);
    expect(wrapped).toBe("Hola \u2068Editorial-y'\u2069, tienes \u20683\u2069");
    expect(interpolate('{0} and {5}', ['a'], isolate)).toBe('\u2068a\u2069 and {5}');
  });

  it('reads parameters in square brackets from server messages', () => {
    const { key, params } = splitBracketParams(
      'AbpValidation::ThisFieldMustBeBetween{0}And{1}[1,10]',
    );
    expect({ key, params }).toEqual({
      key: 'AbpValidation::ThisFieldMustBeBetween{0}And{1}',
      params: ['1', '10'],
    });
    expect(localizeWith(lookup, 'Vineta', key, params)).toBe('Este campo debe estar entre 1 y 10.');
    expect(splitBracketParams('No brackets')).toEqual({ key: 'No brackets', params: [] });
  });
});
