import type { LocalizableText } from '../authorization/permission-definitions.js';

/** ABP's string value types: a toggle, free text checked by a validator, or a list to pick from. */
export type FeatureValueType =
  | { name: 'ToggleStringValueType'; validator: { name: 'BOOLEAN' } }
  | {
      name: 'FreeTextStringValueType';
      validator:
        | { name: 'NUMERIC'; minValue?: number; maxValue?: number }
        | {
            name: 'STRING';
            allowNull?: boolean;
            minLength?: number;
            maxLength?: number;
            regularExpression?: string;
          };
    }
  | {
      name: 'SelectionStringValueType';
      validator: { name: 'STRING' };
      itemSource: { items: { value: string; displayText: LocalizableText }[] };
    };

interface FeatureDefinitionInput {
  name: string;
  defaultValue: string;
  displayName: LocalizableText;
  description?: LocalizableText;
  valueType: FeatureValueType;
  isVisibleToClients?: boolean;
  isAvailableToHost?: boolean;
  children?: FeatureDefinitionInput[];
}

export interface FeatureGroupInput {
  name: string;
  displayName: LocalizableText;
  features: FeatureDefinitionInput[];
}

export interface FeatureDefinition extends Omit<FeatureDefinitionInput, 'children'> {
  groupName: string;
  parentName: string | null;
  depth: number;
  isVisibleToClients: boolean;
  isAvailableToHost: boolean;
}

export class FeatureRegistry {
  readonly groups: { name: string; displayName: LocalizableText; features: FeatureDefinition[] }[] =
    [];
  readonly #byName = new Map<string, FeatureDefinition>();

  constructor(groups: FeatureGroupInput[]) {
    for (const group of groups) {
      const features: FeatureDefinition[] = [];
      const add = (input: FeatureDefinitionInput, parent: FeatureDefinition | null) => {
        if (this.#byName.has(input.name)) throw new Error(`Feature defined twice: ${input.name}`);
        const { children, ...rest } = input;
        const definition: FeatureDefinition = {
          ...rest,
          groupName: group.name,
          parentName: parent?.name ?? null,
          depth: parent ? parent.depth + 1 : 0,
          isVisibleToClients: input.isVisibleToClients ?? true,
          isAvailableToHost: input.isAvailableToHost ?? true,
        };
        this.#byName.set(definition.name, definition);
        features.push(definition);
        for (const child of children ?? []) add(child, definition);
      };
      for (const feature of group.features) add(feature, null);
      this.groups.push({ name: group.name, displayName: group.displayName, features });
    }
  }

  get(name: string): FeatureDefinition | undefined {
    return this.#byName.get(name);
  }

  all(): FeatureDefinition[] {
    return [...this.#byName.values()];
  }
}

/** Whether `value` is acceptable for the feature; the reason key when not. */
export function isValidFeatureValue(definition: FeatureDefinition, value: string): boolean {
  const { valueType } = definition;
  switch (valueType.name) {
    case 'ToggleStringValueType':
      return /^(true|false)$/i.test(value);
    case 'SelectionStringValueType':
      return valueType.itemSource.items.some((item) => item.value === value);
    case 'FreeTextStringValueType': {
      const validator = valueType.validator;
      if (validator.name === 'NUMERIC') {
        if (!/^-?\d+(\.\d+)?$/.test(value.trim())) return false;
        const number = Number(value);
        return (
          (validator.minValue === undefined || number >= validator.minValue) &&
          (validator.maxValue === undefined || number <= validator.maxValue)
        );
      }
      if (!value && validator.allowNull === false) return false;
      if (validator.minLength !== undefined && value.length < validator.minLength) return false;
      if (validator.maxLength !== undefined && value.length > validator.maxLength) return false;
      return !validator.regularExpression || new RegExp(validator.regularExpression).test(value);
    }
  }
}
