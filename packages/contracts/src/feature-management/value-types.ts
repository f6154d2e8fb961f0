import { z } from 'zod';

/**
 * ABP's `IStringValueType` and `IValueValidator` as they travel in `FeatureDto.valueType`. The
 * `item` key is the C# indexer that ABP's generated proxies list; our server never sends it.
 */
const PropertyDictionary = z.record(z.string(), z.unknown());
const indexer = { item: z.unknown().optional(), properties: PropertyDictionary };

export const AlwaysValidValueValidator = z
  .object({ name: z.literal('NULL'), ...indexer })
  .meta({ id: 'AlwaysValidValueValidator' });
export type AlwaysValidValueValidator = z.infer<typeof AlwaysValidValueValidator>;

export const BooleanValueValidator = z
  .object({ name: z.literal('BOOLEAN'), ...indexer })
  .meta({ id: 'BooleanValueValidator' });
export type BooleanValueValidator = z.infer<typeof BooleanValueValidator>;

export const NumericValueValidator = z
  .object({
    name: z.literal('NUMERIC'),
    ...indexer,
    minValue: z.number().nullish(),
    maxValue: z.number().nullish(),
  })
  .meta({ id: 'NumericValueValidator' });
export type NumericValueValidator = z.infer<typeof NumericValueValidator>;

export const StringValueValidator = z
  .object({
    name: z.literal('STRING'),
    ...indexer,
    allowNull: z.boolean(),
    minLength: z.int().min(0),
    maxLength: z.int().min(0),
    regularExpression: z.string().nullish(),
  })
  .meta({ id: 'StringValueValidator' });
export type StringValueValidator = z.infer<typeof StringValueValidator>;

export const ValueValidator = z
  .discriminatedUnion('name', [
    AlwaysValidValueValidator,
    BooleanValueValidator,
    NumericValueValidator,
    StringValueValidator,
  ])
  .meta({ id: 'ValueValidator' });
export type ValueValidator = z.infer<typeof ValueValidator>;

/** ABP's `LocalizableStringInfo`: rendered as `resourceName::name`. */
export const LocalizableStringInfo = z
  .object({ resourceName: z.string().nullable(), name: z.string() })
  .meta({ id: 'LocalizableStringInfo' });
export type LocalizableStringInfo = z.infer<typeof LocalizableStringInfo>;

export const SelectionStringValueItem = z
  .object({ value: z.string(), displayText: LocalizableStringInfo })
  .meta({ id: 'SelectionStringValueItem' });
export type SelectionStringValueItem = z.infer<typeof SelectionStringValueItem>;

export const SelectionStringValueItemSource = z
  .object({ items: z.array(SelectionStringValueItem) })
  .meta({ id: 'SelectionStringValueItemSource' });
export type SelectionStringValueItemSource = z.infer<typeof SelectionStringValueItemSource>;

const valueTypeBase = { ...indexer, validator: ValueValidator };

/** A checkbox; value `"true"` / `"false"`. */
export const ToggleStringValueType = z
  .object({ name: z.literal('ToggleStringValueType'), ...valueTypeBase })
  .meta({ id: 'ToggleStringValueType' });
export type ToggleStringValueType = z.infer<typeof ToggleStringValueType>;

/** A text input (`type=number` when the validator is `NUMERIC`). */
export const FreeTextStringValueType = z
  .object({ name: z.literal('FreeTextStringValueType'), ...valueTypeBase })
  .meta({ id: 'FreeTextStringValueType' });
export type FreeTextStringValueType = z.infer<typeof FreeTextStringValueType>;

/** A `<select>` of `itemSource.items`. */
export const SelectionStringValueType = z
  .object({
    name: z.literal('SelectionStringValueType'),
    ...valueTypeBase,
    itemSource: SelectionStringValueItemSource,
  })
  .meta({ id: 'SelectionStringValueType' });
export type SelectionStringValueType = z.infer<typeof SelectionStringValueType>;

export const StringValueType = z
  .discriminatedUnion('name', [
    ToggleStringValueType,
    FreeTextStringValueType,
    SelectionStringValueType,
  ])
  .meta({ id: 'StringValueType' });
export type StringValueType = z.infer<typeof StringValueType>;
