import { type ZodType, z } from 'zod';
import {
  type DotnetType,
  dotnetTypeOf,
  isSystemType,
  type JsonSchemaNode,
  simpleNameOf,
} from './dotnet-type-names.js';
import {
  FRAMEWORK_TYPES,
  type PropertyDescription,
  type TypeDescription,
} from './framework-types.js';
import type { RemoteServiceModule } from './remote-service.js';

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema: the node and the components (`$defs`) its `$ref`s point into. */
interface Converted {
  root: JsonSchemaNode;
  defs: Record<string, JsonSchemaNode>;
}

export function toJsonSchema(schema: ZodType, io: 'input' | 'output'): Converted {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // zod writes a date-time as a pattern only; the format is what tells System.DateTime.
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def as { format?: string; entries?: Record<string, unknown> };
      if (def.format === 'datetime') jsonSchema.format = 'date-time';
      // An enum's member names, which JSON Schema's `enum` (values only) loses.
      const names = Object.keys(def.entries ?? {});
      if (names.some((name) => def.entries?.[name] !== name)) jsonSchema['x-enumNames'] = names;
    },
  }) as JsonSchemaNode & { $defs?: Record<string, JsonSchemaNode> };
  return { root: converted, defs: converted.$defs ?? {} };
}

/** The component id a `$ref` points at (`#/$defs/IdentityUserDto` → `IdentityUserDto`). */
const refId = (node: JsonSchemaNode) => node.$ref?.replace('#/$defs/', '');
export const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
export const lastSegment = (type: string) => type.split('.').pop() ?? type;
export const byKey = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);
export const names = (type: DotnetType) => ({ type: type.type, typeSimple: type.typeSimple });
export const systemType = (type: string): DotnetType => ({
  type,
  typeSimple: simpleNameOf(type),
  isNullable: false,
});

/** `PagedResultDto<System.Guid>` → the key its definition is listed under, `PagedResultDto<T0>`. */
function definitionOf(type: string): string {
  const open = type.indexOf('<');
  if (open < 0) return type;
  const prefix = type.slice(0, open + 1);
  return Object.keys(FRAMEWORK_TYPES).find((name) => name.startsWith(prefix)) ?? type;
}

/** The names a type refers to: itself, its generic arguments, list items and dictionary values. */
function namesIn(type: string): string[] {
  const parts = type
    .split(/[<>,[\]{}:?]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && !isSystemType(part));
  return type.includes('<') ? [type, ...parts] : parts;
}

/**
 * The .NET types of the description: our zod components named in their module's namespace, ABP's
 * base classes, and what each declares. Types are described as the actions first meet them.
 */
export function createTypeCatalog(modules: readonly RemoteServiceModule[]) {
  const described = new Map<string, TypeDescription>(Object.entries(FRAMEWORK_TYPES));
  // By full name: a module may be the first to use another's DTO (account returns IdentityUserDto).
  // The modules' own base classes are listed with their bases, and the members they declare.
  const baseTypes = new Map<string, string>();
  const baseClasses = new Map<string, Set<string>>();
  for (const module of modules) {
    for (const [id, base] of Object.entries(module.baseTypes ?? {}))
      baseTypes.set(`${module.namespace}.${id}`, base);
    for (const [name, { baseType, members }] of Object.entries(module.baseClasses ?? {})) {
      baseTypes.set(`${module.namespace}.${name}`, baseType);
      baseClasses.set(`${module.namespace}.${name}`, new Set(members));
    }
  }

  /** Resolves component ids and anonymous objects in one module's terms. */
  function resolverFor(module: RemoteServiceModule) {
    const nameOf = (id: string) => module.typeNames?.[id] ?? `${module.namespace}.${id}`;

    function typeOf(
      node: JsonSchemaNode,
      converted: Converted,
      io: 'input' | 'output',
    ): DotnetType {
      return dotnetTypeOf(node, (named): string | undefined => {
        const id = refId(named);
        const definition = id ? converted.defs[id] : named;
        if (!definition) return undefined;
        const generic = genericResultOf(definition, converted, io);
        if (generic || !id) return generic;
        const name = nameOf(id);
        describe(name, definition, converted, io);
        return name;
      });
    }

    /** `{ items }` and `{ totalCount, items }` are `ListResultDto<T>` and `PagedResultDto<T>`. */
    function genericResultOf(
      node: JsonSchemaNode,
      converted: Converted,
      io: 'input' | 'output',
    ): string | undefined {
      const members = Object.keys(node.properties ?? {})
        .sort()
        .join();
      const items = node.properties?.items?.items;
      if (!items || (members !== 'items' && members !== 'items,totalCount')) return undefined;
      const generic = members === 'items' ? 'ListResultDto' : 'PagedResultDto';
      return `Volo.Abp.Application.Dtos.${generic}<${typeOf(items, converted, io).type}>`;
    }

    /** Lists an object type with the members its base types do not declare. */
    function describe(
      name: string,
      node: JsonSchemaNode,
      converted: Converted,
      io: 'input' | 'output',
    ) {
      if (described.has(name)) return;
      const variants = node.anyOf ?? node.oneOf;
      if (variants) {
        // A union of objects (ABP's `IStringValueType` and its kinds): one type with every member.
        const members: Record<string, JsonSchemaNode> = {};
        for (const variant of variants) {
          const id = refId(variant);
          const definition = id ? converted.defs[id] : variant;
          for (const [member, property] of Object.entries(definition?.properties ?? {}))
            members[member] ??= property;
        }
        describe(name, { type: 'object', properties: members }, converted, io);
        return;
      }
      const enumNames = node['x-enumNames'];
      if (enumNames && node.enum) {
        described.set(name, {
          baseType: 'System.Enum',
          enumNames,
          enumValues: node.enum,
          properties: [],
        });
        return;
      }
      const baseType = baseTypes.get(name) ?? null;
      // A module's base class is described from the first DTO derived from it: its members.
      const baseMembers = baseType ? baseClasses.get(baseType) : undefined;
      if (baseType && baseMembers && !described.has(baseType)) {
        const declared = Object.entries(node.properties ?? {}).filter(([key]) =>
          baseMembers.has(key),
        );
        describe(baseType, { ...node, properties: Object.fromEntries(declared) }, converted, io);
      }
      const inherited = new Set(baseType ? membersOf(baseType) : []);
      // ABP marks `[Required]` members; what a client must send is our equivalent.
      const required = new Set(io === 'input' ? (node.required ?? []) : []);
      const properties: PropertyDescription[] = [];
      described.set(name, { baseType, properties });
      for (const [member, property] of Object.entries(node.properties ?? {})) {
        if (inherited.has(member)) continue;
        const type = typeOf(property, converted, io);
        properties.push({
          name: pascal(member),
          ...names(type),
          isRequired: required.has(member) && property.default === undefined,
          isNullable: type.isNullable,
          minLength: property.minLength ?? null,
          maxLength: property.maxLength ?? null,
        });
      }
    }

    return { typeOf, describe, nameOf };
  }

  /** camelCase names of the members a type and its bases declare, its own first. */
  function membersOf(type: string): string[] {
    const description = described.get(type) ?? described.get(definitionOf(type));
    if (!description) return [];
    const own = description.properties.map((property) => camel(property.name));
    return [...own, ...(description.baseType ? membersOf(description.baseType) : [])];
  }

  return {
    resolverFor,
    membersOf,
    /** The model of every type the document refers to (`types`, with `includeTypes`). */
    referencedBy: (document: Json) => referencedTypes(document, described),
  };
}

/**
 * The types the actions use, their members' types and their base types, transitively: ABP lists
 * those and no others. Generic instances (`PagedResultDto<X>`) list their definition.
 */
function referencedTypes(document: Json, described: ReadonlyMap<string, TypeDescription>) {
  const pending: string[] = [];
  JSON.stringify(document, (key, value) => {
    if (key === 'type' && typeof value === 'string') pending.push(...namesIn(value));
    return value;
  });
  const listed = new Map<string, TypeDescription>();
  while (pending.length > 0) {
    const name = definitionOf(pending.pop() as string);
    const description = described.get(name);
    if (!description || listed.has(name)) continue;
    listed.set(name, description);
    if (description.baseType) pending.push(...namesIn(description.baseType));
    for (const property of description.properties) pending.push(...namesIn(property.type));
  }
  return Object.fromEntries(
    [...listed].sort(byKey).map(([name, description]) => [name, typeModel(description)] as const),
  );
}

function typeModel(description: TypeDescription): Json {
  return {
    baseType: description.baseType,
    isEnum: description.enumNames !== undefined,
    enumNames: description.enumNames ?? null,
    enumValues: description.enumValues ?? null,
    genericArguments: description.genericArguments ?? null,
    properties: description.enumNames
      ? null
      : description.properties.map((property) => ({
          name: property.name,
          jsonName: null,
          type: property.type,
          typeSimple: property.typeSimple,
          isRequired: property.isRequired,
          minLength: property.minLength ?? null,
          maxLength: property.maxLength ?? null,
          minimum: null,
          maximum: null,
          regex: null,
          isNullable: property.isNullable,
        })),
  };
}
