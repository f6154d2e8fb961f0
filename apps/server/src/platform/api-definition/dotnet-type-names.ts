/**
 * .NET type names for JSON Schema nodes, written the way ABP's API description writes them
 * (`ApiTypeNameHelper`): full names (`System.Guid`), `[T]` for a list, `{K:V}` for a dictionary,
 * `T?` for a nullable value type; and the "simple" names its proxy generators map to TypeScript
 * (`string`, `number`, `boolean`, `object`, or the full name of a DTO).
 */

/** The subset of JSON Schema that zod's `toJSONSchema` writes for our contracts. */
export interface JsonSchemaNode {
  $ref?: string;
  type?: string | string[];
  format?: string;
  items?: JsonSchemaNode;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  additionalProperties?: JsonSchemaNode | boolean;
  propertyNames?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  /** Ours: the member names of a zod enum, in the order of `enum`. */
  'x-enumNames'?: string[];
}

export interface DotnetType {
  /** `System.Guid`, `[System.String]`, `Volo.Abp.Identity.IdentityUserDto`. */
  type: string;
  /** `string`, `[string]`, `Volo.Abp.Identity.IdentityUserDto`. */
  typeSimple: string;
  /** Whether null is a value of it (a nullable value type gets `?` in both names). */
  isNullable: boolean;
}

/** .NET primitives and the simple name each one has in ABP's description. */
const SIMPLE: Record<string, string> = {
  'System.String': 'string',
  'System.Guid': 'string',
  'System.DateTime': 'string',
  'System.Int32': 'number',
  'System.Int64': 'number',
  'System.Double': 'number',
  'System.Boolean': 'boolean',
  'System.Object': 'object',
  'System.Void': 'System.Void',
};

/** Value types: only these take `?` when nullable (a reference type is nullable anyway). */
const VALUE_TYPES = new Set([
  'System.Guid',
  'System.DateTime',
  'System.Int32',
  'System.Int64',
  'System.Double',
  'System.Boolean',
]);

export const simpleNameOf = (type: string): string =>
  SIMPLE[type] ??
  type
    .replace(/^\[(.*)\]$/, (_, item: string) => `[${simpleNameOf(item)}]`)
    .replace(/^\{(.*?):(.*)\}$/, (_, key: string, value: string) => {
      return `{${simpleNameOf(key)}:${simpleNameOf(value)}}`;
    });

export const isSystemType = (type: string): boolean =>
  type in SIMPLE || /^System\.\w+\??$/.test(type);

/** The primitive under a node, or undefined when it is not one. */
function primitiveOf(node: JsonSchemaNode): string | undefined {
  const types = [node.type].flat().filter((type) => type !== 'null');
  const [type] = types;
  if (node.enum || node.const !== undefined) {
    const values = node.enum ?? [node.const];
    if (values.every((value) => typeof value === 'number')) return 'System.Int32';
    // A query-string boolean, taken in .NET's spellings (query-string.ts).
    if (values.every((value) => /^(true|false)$/i.test(String(value)))) return 'System.Boolean';
    return 'System.String';
  }
  switch (type) {
    case 'string':
      if (node.format === 'uuid') return 'System.Guid';
      if (node.format === 'date-time') return 'System.DateTime';
      return 'System.String';
    case 'integer':
      return 'System.Int32';
    case 'number':
      return 'System.Double';
    case 'boolean':
      return 'System.Boolean';
    default:
      return undefined;
  }
}

const isNullNode = (node: JsonSchemaNode) => node.type === 'null';

/**
 * The .NET type of a node. `named` turns a `$ref` (a schema with a component id) or an object
 * without one into a type name; it returns undefined for an object it cannot name, which then
 * reads as `System.Object`.
 */
export function dotnetTypeOf(
  node: JsonSchemaNode,
  named: (node: JsonSchemaNode) => string | undefined,
): DotnetType {
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) {
    const present = alternatives.filter((alternative) => !isNullNode(alternative));
    const nullable = present.length < alternatives.length;
    const inner = commonTypeOf(present.map((alternative) => dotnetTypeOf(alternative, named)));
    return nullable ? asNullable(inner) : inner;
  }
  const nullable = Array.isArray(node.type) && node.type.includes('null');
  const type = typeNameOf(node, named);
  const result = { type, typeSimple: simpleNameOf(type), isNullable: false };
  return nullable ? asNullable(result) : result;
}

/** One type for a union: the same type, a string of any kind (a GUID or ''), or an object. */
function commonTypeOf(types: DotnetType[]): DotnetType {
  const [first] = types;
  if (first && types.every((type) => type.type === first.type)) return first;
  if (types.every((type) => type.typeSimple === 'string'))
    return { type: 'System.String', typeSimple: 'string', isNullable: false };
  return { type: 'System.Object', typeSimple: 'object', isNullable: false };
}

function asNullable(inner: DotnetType): DotnetType {
  if (!VALUE_TYPES.has(inner.type)) return { ...inner, isNullable: true };
  return { type: `${inner.type}?`, typeSimple: `${inner.typeSimple}?`, isNullable: true };
}

function typeNameOf(
  node: JsonSchemaNode,
  named: (node: JsonSchemaNode) => string | undefined,
): string {
  if (node.$ref) return named(node) ?? 'System.Object';
  const primitive = primitiveOf(node);
  if (primitive) return primitive;
  if (node.type === 'array' && node.items) return `[${dotnetTypeOf(node.items, named).type}]`;
  if (node.type === 'object' && !node.properties && typeof node.additionalProperties === 'object') {
    const value = node.additionalProperties;
    const valueType = value.type || value.$ref ? dotnetTypeOf(value, named).type : 'System.Object';
    return `{System.String:${valueType}}`;
  }
  if (node.type === 'object') return named(node) ?? 'System.Object';
  return 'System.Object';
}
