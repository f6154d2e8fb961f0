import { describe, expect, it } from 'vitest';
import { decodeValidation } from '#src/theme/form/validation-message';
import { featureList } from './feature-management-test-kit';
import {
  allFeatures,
  changedFeatures,
  inheritedProvider,
  initialValues,
  isDisabledByParent,
  setFeatureValue,
  validateFeatureValue,
  validationErrors,
} from './feature-values';

const features = allFeatures(featureList().groups);
const feature = (name: string) => {
  const found = features.find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
};
/** The message key and parameters of a validation answer, or null. */
const problem = (name: string, value: string) => {
  const message = validateFeatureValue(feature(name), value);
  if (!message) return null;
  const { text } = decodeValidation(message);
  return { key: text.key, params: text.params };
};

describe('feature values', () => {
  it('starts from the loaded values, toggles normalized to lower case', () => {
    expect(initialValues(features)).toEqual({
      'Stories.Enable': 'true',
      'Stories.Comments': 'true',
      'Stories.Comments.Images': 'false',
      'Stories.MaxCount': '10',
      'Branding.Code': 'ABC',
      'Branding.Theme': 'light',
    });
  });

  it('switches the toggle descendants off with their parent, and disables everything under it', () => {
    const values = setFeatureValue(initialValues(features), features, 'Stories.Enable', 'false');
    expect(values).toMatchObject({
      'Stories.Enable': 'false',
      'Stories.Comments': 'false',
      'Stories.Comments.Images': 'false',
      // Not a toggle: its value stays, but it cannot be edited while its parent is off.
      'Stories.MaxCount': '10',
    });
    expect(isDisabledByParent(values, features, feature('Stories.Comments.Images'))).toBe(true);
    expect(isDisabledByParent(values, features, feature('Stories.MaxCount'))).toBe(true);
    expect(isDisabledByParent(values, features, feature('Stories.Enable'))).toBe(false);
  });

  it('switches every toggle ancestor on with a child', () => {
    const off = {
      ...initialValues(features),
      'Stories.Enable': 'false',
      'Stories.Comments': 'false',
    };
    const values = setFeatureValue(off, features, 'Stories.Comments.Images', 'true');
    expect(values).toMatchObject({
      'Stories.Enable': 'true',
      'Stories.Comments': 'true',
      'Stories.Comments.Images': 'true',
    });
  });

  it('lists only what changed', () => {
    const original = initialValues(features);
    let values = setFeatureValue(original, features, 'Branding.Theme', 'dark');
    values = setFeatureValue(values, features, 'Stories.MaxCount', '12');
    values = setFeatureValue(values, features, 'Stories.MaxCount', '10');
    expect(changedFeatures(original, values)).toEqual([{ name: 'Branding.Theme', value: 'dark' }]);
  });

  it('names the provider of a value that is not the edited one', () => {
    const tenant = { providerName: 'T', providerKey: 'tenant-1' };
    expect(inheritedProvider(feature('Stories.Enable'), tenant)).toBe('D');
    expect(inheritedProvider(feature('Stories.MaxCount'), tenant)).toBeNull();
    // The host's values are T without a key: another tenant's value is not the host's.
    expect(
      inheritedProvider(feature('Stories.MaxCount'), { providerName: 'T', providerKey: null }),
    ).toBe('T');
  });
});

describe('feature value validation', () => {
  it('checks numbers against the NUMERIC validator', () => {
    expect(problem('Stories.MaxCount', '50')).toBeNull();
    expect(problem('Stories.MaxCount', '')?.key).toBe('AbpValidation::ThisFieldIsRequired.');
    expect(problem('Stories.MaxCount', '1e3')?.key).toBe('AbpValidation::ThisFieldIsNotValid.');
    expect(problem('Stories.MaxCount', '101')).toEqual({
      key: 'AbpValidation::ThisFieldMustBeBetween{0}And{1}',
      params: ['1', '100'],
    });
    expect(problem('Stories.MaxCount', '0')?.key).toBe(
      'AbpValidation::ThisFieldMustBeBetween{0}And{1}',
    );
  });

  it('checks texts against the STRING validator: required, lengths, pattern', () => {
    expect(problem('Branding.Code', 'XYZ')).toBeNull();
    expect(problem('Branding.Code', '')?.key).toBe('AbpValidation::ThisFieldIsRequired.');
    expect(problem('Branding.Code', 'A')).toEqual({
      key: 'AbpValidation::Validation:MinLength',
      params: { requiredLength: '2', actualLength: '1' },
    });
    expect(problem('Branding.Code', 'ABCDEF')).toEqual({
      key: 'AbpValidation::Validation:MaxLength',
      params: { requiredLength: '5', actualLength: '6' },
    });
    expect(problem('Branding.Code', 'ab')?.key).toBe('AbpValidation::Validation:Pattern');
  });

  it('accepts only the listed items of a selection', () => {
    expect(problem('Branding.Theme', 'dark')).toBeNull();
    expect(problem('Branding.Theme', 'neon')?.key).toBe('AbpValidation::ThisFieldIsRequired.');
  });

  it('skips features disabled by their parent', () => {
    const values = {
      ...initialValues(features),
      'Stories.Enable': 'false',
      'Stories.MaxCount': 'many',
      'Branding.Code': '',
    };
    expect(Object.keys(validationErrors(values, features))).toEqual(['Branding.Code']);
  });
});
