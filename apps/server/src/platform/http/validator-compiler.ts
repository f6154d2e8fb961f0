import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { ZodNumber, type ZodType } from 'zod';
import { isStorableText } from '../data/storable-text.js';
import { defOf, unwrapSchema, withSchemaNames } from './schema-names.js';

/** System.Text.Json's default `MaxDepth`: how deep ABP lets JSON input nest. */
const maxDepth = 64;

/**
 * fastify-type-provider-zod's validator, with these additions:
 * - input no database keeps as sent is refused first (storable-text.ts: on PostgreSQL a NUL was a
 *   500, a lone surrogate silently became U+FFFD), and so is nesting deeper than ABP accepts (an
 *   `extraProperties` of 5 000 nested arrays overflowed the stack when written back as JSON);
 * - the issues' input is reported: without it every `invalid_type` issue looks like a missing
 *   value, so `"userName": 5` or `?skipCount=abc` read "The … field is required." instead of
 *   "The value is not valid for …" (validation-messages.ts);
 * - a number out of range names the field's whole range, once (see {@link withRange});
 * - members are matched to the schema's names whatever their case, as ASP.NET Core binds them
 *   (schema-names.ts).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    if (holdsRefusedInput(data, 0)) return { error: refusedInput(data, [], []) };
    const input = withSchemaNames(schema, data);
    // Parsed again to report a refusal: with any option in its context (`reportInput`), zod 4
    // parsed the application configuration's query in 1.3 µs instead of 0.14, on every request.
    const valid = schema.safeParse(input);
    if (valid.success) return { value: valid.data };
    const result = schema.safeParse(input, { reportInput: true });
    if (result.success) return { value: result.data };
    const error: FastifySchemaValidationError[] = [];
    for (const { path, code, message, ...params } of result.error.issues) {
      const found = issue(
        path as PropertyKey[],
        code,
        message,
        withRange(schema, path, code, params),
      );
      // An integer past 2^53 breaks both zod's safe-integer check and the field's own maximum.
      const seen = error.some(
        (other) => other.instancePath === found.instancePath && other.keyword === code,
      );
      if (!seen) error.push(found);
    }
    return { error };
  };

/**
 * A number out of range names the field's whole range, as ABP's `[Range]` does ("between 1 and
 * 65535"): zod's issue carries only the bound that was crossed.
 */
function withRange(
  schema: ZodType,
  path: PropertyKey[],
  code: string,
  params: Record<string, unknown>,
) {
  const numeric = params.origin === 'number' || params.origin === 'int';
  if (!numeric || (code !== 'too_small' && code !== 'too_big')) return params;
  const field = schemaAt(schema, path);
  if (!(field instanceof ZodNumber)) return params;
  // The field's ends are the tightest of its checks (its own maximum, not the safe-integer one).
  return {
    ...params,
    minimum: field.minValue ?? params.minimum,
    maximum: field.maxValue ?? params.maximum,
  };
}

/** The schema a path of the input leads to, through optional, default, pipe and containers. */
function schemaAt(schema: ZodType, path: PropertyKey[]): ZodType | undefined {
  let current = unwrapSchema(schema);
  for (const key of path) {
    const def = defOf(current);
    if (def?.type === 'object') current = unwrapSchema(def.shape?.[String(key)]);
    else if (def?.type === 'array') current = unwrapSchema(def.element);
    else if (def?.type === 'record') current = unwrapSchema(def.valueType);
    else return undefined;
  }
  return current;
}

/**
 * Whether {@link refusedInput} would find anything: walked on every request, so it allocates
 * nothing (no entries, no paths); the issues are gathered only for the rare input that fails.
 */
function holdsRefusedInput(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (typeof value !== 'object' || value === null) return false;
  if (depth >= maxDepth) return true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isStorableText(key)) return true;
    if (holdsRefusedInput((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** Every string (value or key) no database keeps as sent, and every level past `maxDepth`. */
function refusedInput(
  value: unknown,
  path: string[],
  issues: FastifySchemaValidationError[],
): FastifySchemaValidationError[] {
  if (typeof value === 'string') {
    if (!isStorableText(value)) issues.push(issue(path, 'invalid_characters'));
    return issues;
  }
  if (typeof value !== 'object' || value === null) return issues;
  if (path.length >= maxDepth) {
    issues.push(issue(path, 'too_deep'));
    return issues;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isStorableText(key)) refusedInput(item, [...path, key], issues);
    else issues.push(issue([...path, key], 'invalid_characters'));
  }
  return issues;
}

function issue(
  path: PropertyKey[],
  keyword: string,
  message?: string,
  params: Record<string, unknown> = {},
): FastifySchemaValidationError {
  const at = path.map(String).join('/');
  return { keyword, instancePath: `/${at}`, schemaPath: `#/${at}/${keyword}`, message, params };
}
