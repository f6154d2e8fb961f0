/** A type of the description: its base and the members it declares itself. */
export interface TypeDescription {
  baseType: string | null;
  genericArguments?: string[];
  enumNames?: string[];
  enumValues?: unknown[];
  properties: PropertyDescription[];
}

export interface PropertyDescription {
  name: string;
  type: string;
  typeSimple: string;
  isRequired: boolean;
  isNullable: boolean;
  minLength?: number | null;
  maxLength?: number | null;
}

/** The assembly of ABP's DTO base classes (`Volo.Abp.Application.Dtos`). */
export const FRAMEWORK_ASSEMBLY = 'Volo.Abp.Ddd.Application.Contracts';

const DTOS = 'Volo.Abp.Application.Dtos';

const member = (
  name: string,
  type: string,
  typeSimple: string,
  isNullable = false,
): PropertyDescription => ({ name, type, typeSimple, isRequired: false, isNullable });

const guid = (name: string) => member(name, 'System.Guid?', 'string?', true);
const time = (name: string) => member(name, 'System.DateTime?', 'string?', true);

/**
 * ABP's DTO base classes that our DTOs and inputs derive from, as its description lists them:
 * each with the members it declares (statics included, as ABP lists them), a generic one under
 * its definition's key (`PagedResultDto<T0>`) with its own argument names inside.
 */
export const FRAMEWORK_TYPES: Record<string, TypeDescription> = {
  'Volo.Abp.ObjectExtending.ExtensibleObject': {
    baseType: null,
    properties: [member('ExtraProperties', '{System.String:System.Object}', '{string:object}')],
  },
  [`${DTOS}.ListResultDto<T0>`]: {
    baseType: null,
    genericArguments: ['T'],
    properties: [member('Items', '[T]', '[T]')],
  },
  [`${DTOS}.PagedResultDto<T0>`]: {
    baseType: `${DTOS}.ListResultDto<T>`,
    genericArguments: ['T'],
    properties: [member('TotalCount', 'System.Int64', 'number')],
  },
  [`${DTOS}.ExtensibleEntityDto<T0>`]: {
    baseType: 'Volo.Abp.ObjectExtending.ExtensibleObject',
    genericArguments: ['TKey'],
    properties: [member('Id', 'TKey', 'TKey')],
  },
  [`${DTOS}.ExtensibleCreationAuditedEntityDto<T0>`]: {
    baseType: `${DTOS}.ExtensibleEntityDto<TPrimaryKey>`,
    genericArguments: ['TPrimaryKey'],
    properties: [member('CreationTime', 'System.DateTime', 'string'), guid('CreatorId')],
  },
  [`${DTOS}.ExtensibleAuditedEntityDto<T0>`]: {
    baseType: `${DTOS}.ExtensibleCreationAuditedEntityDto<TPrimaryKey>`,
    genericArguments: ['TPrimaryKey'],
    properties: [time('LastModificationTime'), guid('LastModifierId')],
  },
  [`${DTOS}.ExtensibleFullAuditedEntityDto<T0>`]: {
    baseType: `${DTOS}.ExtensibleAuditedEntityDto<TPrimaryKey>`,
    genericArguments: ['TPrimaryKey'],
    properties: [
      member('IsDeleted', 'System.Boolean', 'boolean'),
      guid('DeleterId'),
      time('DeletionTime'),
    ],
  },
  [`${DTOS}.LimitedResultRequestDto`]: {
    baseType: null,
    properties: [
      member('DefaultMaxResultCount', 'System.Int32', 'number'),
      member('MaxMaxResultCount', 'System.Int32', 'number'),
      member('MaxResultCount', 'System.Int32', 'number'),
    ],
  },
  [`${DTOS}.PagedResultRequestDto`]: {
    baseType: `${DTOS}.LimitedResultRequestDto`,
    properties: [member('SkipCount', 'System.Int32', 'number')],
  },
  [`${DTOS}.PagedAndSortedResultRequestDto`]: {
    baseType: `${DTOS}.PagedResultRequestDto`,
    properties: [member('Sorting', 'System.String', 'string')],
  },
};
