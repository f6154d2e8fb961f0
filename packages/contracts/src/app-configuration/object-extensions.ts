import { z } from 'zod';

/**
 * ABP's `ObjectExtensionsDto` (module entity extension properties and enums, for dynamic form
 * fields). The free modules define none, so the server usually answers `{ modules: {}, enums: {} }`.
 */
const Configuration = z.record(z.string(), z.unknown());

export const LocalizableStringDto = z
  .object({ name: z.string(), resource: z.string().nullish() })
  .meta({ id: 'LocalizableStringDto' });
export type LocalizableStringDto = z.infer<typeof LocalizableStringDto>;

/** ABP has a class for each use (`ExtensionPropertyApiGetDto`…), alike but for their names. */
const availability = (id: string) => z.object({ isAvailable: z.boolean() }).meta({ id });
const ExtensionPropertyUiTableDto = z
  .object({ isVisible: z.boolean() })
  .meta({ id: 'ExtensionPropertyUiTableDto' });
const ExtensionPropertyUiFormDto = z
  .object({ isVisible: z.boolean() })
  .meta({ id: 'ExtensionPropertyUiFormDto' });

export const ExtensionPropertyApiDto = z
  .object({
    onGet: availability('ExtensionPropertyApiGetDto'),
    onCreate: availability('ExtensionPropertyApiCreateDto'),
    onUpdate: availability('ExtensionPropertyApiUpdateDto'),
  })
  .meta({ id: 'ExtensionPropertyApiDto' });
export type ExtensionPropertyApiDto = z.infer<typeof ExtensionPropertyApiDto>;

export const ExtensionPropertyUiLookupDto = z
  .object({
    url: z.string().nullable(),
    resultListPropertyName: z.string().nullable(),
    displayPropertyName: z.string().nullable(),
    valuePropertyName: z.string().nullable(),
    filterParamName: z.string().nullable(),
  })
  .meta({ id: 'ExtensionPropertyUiLookupDto' });
export type ExtensionPropertyUiLookupDto = z.infer<typeof ExtensionPropertyUiLookupDto>;

export const ExtensionPropertyUiDto = z
  .object({
    onTable: ExtensionPropertyUiTableDto,
    onCreateForm: ExtensionPropertyUiFormDto,
    onEditForm: ExtensionPropertyUiFormDto,
    lookup: ExtensionPropertyUiLookupDto,
  })
  .meta({ id: 'ExtensionPropertyUiDto' });
export type ExtensionPropertyUiDto = z.infer<typeof ExtensionPropertyUiDto>;

export const ExtensionPropertyAttributeDto = z
  .object({ typeSimple: z.string(), config: Configuration })
  .meta({ id: 'ExtensionPropertyAttributeDto' });
export type ExtensionPropertyAttributeDto = z.infer<typeof ExtensionPropertyAttributeDto>;

export const ExtensionPropertyDto = z
  .object({
    type: z.string(),
    typeSimple: z.string(),
    displayName: LocalizableStringDto.nullable(),
    api: ExtensionPropertyApiDto,
    ui: ExtensionPropertyUiDto,
    attributes: z.array(ExtensionPropertyAttributeDto),
    configuration: Configuration,
    defaultValue: z.unknown(),
  })
  .meta({ id: 'ExtensionPropertyDto' });
export type ExtensionPropertyDto = z.infer<typeof ExtensionPropertyDto>;

export const EntityExtensionDto = z
  .object({ properties: z.record(z.string(), ExtensionPropertyDto), configuration: Configuration })
  .meta({ id: 'EntityExtensionDto' });
export type EntityExtensionDto = z.infer<typeof EntityExtensionDto>;

export const ModuleExtensionDto = z
  .object({ entities: z.record(z.string(), EntityExtensionDto), configuration: Configuration })
  .meta({ id: 'ModuleExtensionDto' });
export type ModuleExtensionDto = z.infer<typeof ModuleExtensionDto>;

export const ExtensionEnumFieldDto = z
  .object({ name: z.string(), value: z.unknown() })
  .meta({ id: 'ExtensionEnumFieldDto' });
export type ExtensionEnumFieldDto = z.infer<typeof ExtensionEnumFieldDto>;

export const ExtensionEnumDto = z
  .object({ fields: z.array(ExtensionEnumFieldDto), localizationResource: z.string().nullable() })
  .meta({ id: 'ExtensionEnumDto' });
export type ExtensionEnumDto = z.infer<typeof ExtensionEnumDto>;

export const ObjectExtensionsDto = z
  .object({
    modules: z.record(z.string(), ModuleExtensionDto),
    enums: z.record(z.string(), ExtensionEnumDto),
  })
  .meta({ id: 'ObjectExtensionsDto' });
export type ObjectExtensionsDto = z.infer<typeof ObjectExtensionsDto>;
