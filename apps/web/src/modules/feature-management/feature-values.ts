import type { FeatureDto, FeatureGroupDto } from '@vineta/contracts/feature-management/features';
import { encodeValidation } from '#src/theme/form/validation-message';

/** The edited value of every feature, by name; toggles as `"true"` / `"false"`. */
export type FeatureValues = Readonly<Record<string, string>>;

/** Who is being edited: the tenant provider with a tenant's id, or with none for the host. */
export interface EditedProvider {
  providerName: string;
  providerKey: string | null;
}

export const isToggle = (feature: FeatureDto) => feature.valueType.name === 'ToggleStringValueType';

export function allFeatures(groups: readonly FeatureGroupDto[]): FeatureDto[] {
  return groups.flatMap((group) => group.features);
}

/** Values as loaded; toggles are compared case-insensitively by ABP, so they are normalized. */
export function initialValues(features: readonly FeatureDto[]): FeatureValues {
  const values: Record<string, string> = {};
  for (const feature of features) {
    const value = feature.value ?? '';
    values[feature.name] = isToggle(feature) ? String(value.toLowerCase() === 'true') : value;
  }
  return values;
}

function byName(features: readonly FeatureDto[]) {
  return new Map(features.map((feature) => [feature.name, feature]));
}

/** The parent of a feature when both are toggles: the only pairs ABP keeps consistent. */
function toggleParent(feature: FeatureDto, index: Map<string, FeatureDto>) {
  const parent = feature.parentName ? index.get(feature.parentName) : undefined;
  return parent && isToggle(parent) && isToggle(feature) ? parent : undefined;
}

/**
 * Sets one value and keeps toggles consistent, as ABP's modal does: switching a toggle on switches
 * its toggle ancestors on, switching it off switches its toggle descendants off.
 */
export function setFeatureValue(
  values: FeatureValues,
  features: readonly FeatureDto[],
  name: string,
  value: string,
): FeatureValues {
  const index = byName(features);
  const feature = index.get(name);
  if (!feature) return values;
  const next: Record<string, string> = { ...values, [name]: value };
  if (!isToggle(feature)) return next;
  if (value === 'true') {
    for (let parent = toggleParent(feature, index); parent; parent = toggleParent(parent, index)) {
      next[parent.name] = 'true';
    }
    return next;
  }
  const switchedOff = new Set([name]);
  // Features come parents first, so one pass reaches every generation of descendants.
  for (const candidate of features) {
    const parent = toggleParent(candidate, index);
    if (parent && switchedOff.has(parent.name)) {
      next[candidate.name] = 'false';
      switchedOff.add(candidate.name);
    }
  }
  return next;
}

/** A feature under a switched-off toggle cannot be edited: it has no effect while its parent is off. */
export function isDisabledByParent(
  values: FeatureValues,
  features: readonly FeatureDto[],
  feature: FeatureDto,
): boolean {
  const index = byName(features);
  for (
    let parent = feature.parentName ? index.get(feature.parentName) : undefined;
    parent;
    parent = parent.parentName ? index.get(parent.parentName) : undefined
  ) {
    if (isToggle(parent) && values[parent.name] === 'false') return true;
  }
  return false;
}

/** What the save sends: only the values that differ from the loaded ones. */
export function changedFeatures(
  original: FeatureValues,
  values: FeatureValues,
): { name: string; value: string }[] {
  return Object.entries(values)
    .filter(([name, value]) => original[name] !== value)
    .map(([name, value]) => ({ name, value }));
}

/**
 * Whether the shown value comes from another provider than the edited one (e.g. the default):
 * the modal tells so, until the value is changed.
 */
export function inheritedProvider(feature: FeatureDto, edited: EditedProvider): string | null {
  const { name, key } = feature.provider;
  const same = name === edited.providerName && (key ?? null) === edited.providerKey;
  return same ? null : name;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The value type's own validator (ABP's `NUMERIC` and `STRING`), as the server checks it, so the
 * modal refuses what the server would. The answer is an encoded validation message (or null).
 */
export function validateFeatureValue(feature: FeatureDto, value: string): string | null {
  const { valueType } = feature;
  if (valueType.name === 'SelectionStringValueType') {
    return valueType.itemSource.items.some((item) => item.value === value)
      ? null
      : encodeValidation('required');
  }
  if (valueType.name !== 'FreeTextStringValueType') return null;
  const validator = valueType.validator;
  if (validator.name === 'NUMERIC') {
    const text = value.trim();
    if (text === '') return encodeValidation('required');
    if (!NUMBER.test(text)) return encodeValidation('invalid');
    const number = Number(text);
    const min = validator.minValue ?? null;
    const max = validator.maxValue ?? null;
    if (min !== null && max !== null && (number < min || number > max)) {
      return encodeValidation('range', [String(min), String(max)]);
    }
    if (min !== null && number < min) return encodeValidation('min', { min, actual: text });
    if (max !== null && number > max) return encodeValidation('max', { max, actual: text });
    return null;
  }
  if (validator.name === 'STRING') {
    // As the server: an empty text is refused only when nulls are, then checked like any other.
    if (value === '' && !validator.allowNull) return encodeValidation('required');
    const length = value.length;
    if (validator.minLength > 0 && length < validator.minLength) {
      return encodeValidation('minLength', {
        requiredLength: validator.minLength,
        actualLength: length,
      });
    }
    if (validator.maxLength > 0 && length > validator.maxLength) {
      return encodeValidation('maxLength', {
        requiredLength: validator.maxLength,
        actualLength: length,
      });
    }
    if (validator.regularExpression && !new RegExp(validator.regularExpression).test(value)) {
      return encodeValidation('pattern');
    }
  }
  return null;
}

/** Every invalid, editable feature's message, by name. */
export function validationErrors(
  values: FeatureValues,
  features: readonly FeatureDto[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const feature of features) {
    if (isDisabledByParent(values, features, feature)) continue;
    const error = validateFeatureValue(feature, values[feature.name] ?? '');
    if (error) errors[feature.name] = error;
  }
  return errors;
}
