import type { StringValueType } from '@vineta/contracts/feature-management/value-types';
import type { FeatureValueType } from '../../platform/features/feature-definitions.js';

/**
 * A definition's value type as ABP serializes `IStringValueType`: the validator's settings next
 * to its name, empty `properties`, and selection items as `resourceName::name` texts.
 */
export function toValueTypeDto(valueType: FeatureValueType): StringValueType {
  const properties = {};
  switch (valueType.name) {
    case 'ToggleStringValueType':
      return { name: valueType.name, properties, validator: { name: 'BOOLEAN', properties } };
    case 'SelectionStringValueType':
      return {
        name: valueType.name,
        properties,
        validator: { ...stringValidator({ name: 'STRING' }) },
        itemSource: {
          items: valueType.itemSource.items.map((item) => ({
            value: item.value,
            displayText: { resourceName: item.displayText.resource, name: item.displayText.key },
          })),
        },
      };
    case 'FreeTextStringValueType': {
      const validator = valueType.validator;
      return {
        name: valueType.name,
        properties,
        validator:
          validator.name === 'NUMERIC'
            ? {
                name: 'NUMERIC',
                properties,
                minValue: validator.minValue ?? null,
                maxValue: validator.maxValue ?? null,
              }
            : stringValidator(validator),
      };
    }
  }
}

/** ABP's `StringValueValidator`: 0 means no length limit; null values allowed unless refused. */
function stringValidator(validator: {
  name: 'STRING';
  allowNull?: boolean;
  minLength?: number;
  maxLength?: number;
  regularExpression?: string;
}) {
  return {
    name: 'STRING' as const,
    properties: {},
    allowNull: validator.allowNull !== false,
    minLength: validator.minLength ?? 0,
    maxLength: validator.maxLength ?? 0,
    regularExpression: validator.regularExpression ?? null,
  };
}
