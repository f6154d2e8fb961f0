import type { ZodType } from 'zod';

/** The parts of a zod definition that lead to the schema a value of the input meets. */
interface WrapperDef {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  valueType?: ZodType;
}

export const defOf = (schema: ZodType | undefined) => schema?._zod.def as WrapperDef | undefined;

/** The schema under optional, nullable, default and the input side of a pipe. */
export function unwrapSchema(schema: ZodType | undefined): ZodType | undefined {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    const next = def?.innerType ?? (def?.type === 'pipe' ? def.in : undefined);
    if (!next) return current;
    current = next;
  }
}

/** Each object shape's names by their lower case (built once per shape). */
const lowerCaseNames = new WeakMap<Record<string, ZodType>, Map<string, string>>();

function namesOf(shape: Record<string, ZodType>): Map<string, string> {
  let names = lowerCaseNames.get(shape);
  if (!names) {
    names = new Map(Object.keys(shape).map((name) => [name.toLowerCase(), name]));
    lowerCaseNames.set(shape, names);
  }
  return names;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The input with its members named as the schema names them, whatever their case. ASP.NET Core
 * binds JSON to a DTO case-insensitively (System.Text.Json's web defaults), so ABP's API takes
 * `{"UserName":…}` as it takes `{"userName":…}`, and C# clients that keep .NET's default names
 * send the former; our camelCase schemas would otherwise drop those members without a word.
 *
 * A member whose name the schema has is kept. One that differs from a schema name only in case
 * takes that name, unless the input has the exact name too: then the exact one wins, and the
 * other is left to the schema, which drops it. Free-form objects (records, such as
 * `extraProperties`) keep their members' names. Nothing is copied when every name matches, the
 * case of every client that sends camelCase.
 */
export function withSchemaNames(schema: ZodType, value: unknown): unknown {
  const def = defOf(unwrapSchema(schema));
  if (def?.type === 'array' && def.element && Array.isArray(value)) {
    const { element } = def;
    let renamed: unknown[] | undefined;
    value.forEach((item, i) => {
      const named = withSchemaNames(element, item);
      if (named === item) return;
      renamed ??= [...value];
      renamed[i] = named;
    });
    return renamed ?? value;
  }
  if (def?.type !== 'object' || !def.shape || !isPlainObject(value)) return value;
  const { shape } = def;
  let renamed: Record<string, unknown> | undefined;
  const keys = Object.keys(value);
  keys.forEach((key, i) => {
    let name = key;
    if (!Object.hasOwn(shape, key)) {
      const match = namesOf(shape).get(key.toLowerCase());
      if (match !== undefined && !Object.hasOwn(value, match)) name = match;
    }
    const member = Object.hasOwn(shape, name) ? shape[name] : undefined;
    const item = value[key];
    const named = member ? withSchemaNames(member, item) : item;
    if (!renamed && (name !== key || named !== item)) {
      // The members before this one are unchanged; the rest are added as they come.
      renamed = {};
      for (const earlier of keys.slice(0, i)) renamed[earlier] = value[earlier];
    }
    if (renamed) renamed[name] = named;
  });
  return renamed ?? value;
}
