import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { ZodType } from 'zod';
import { isStorableText } from '../data/storable-text.js';

/** System.Text.Json's default `MaxDepth`: how deep ABP lets JSON input nest. */
const maxDepth = 64;

/**
 * fastify-type-provider-zod's validator, with two additions:
 * - input no database keeps as sent is refused first (storable-text.ts: on PostgreSQL a NUL was a
 *   500, a lone surrogate silently became U+FFFD), and so is nesting deeper than ABP accepts (an
 *   `extraProperties` of 5 000 nested arrays overflowed the stack when written back as JSON);
 * - the issues' input is reported: without it every `invalid_type` issue looks like a missing
 *   value, so `"userName": 5` or `?skipCount=abc` read "The … field is required." instead of
 *   "The value is not valid for …" (validation-messages.ts).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const refused = refusedInput(data, [], []);
    if (refused.length) return { error: refused };
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const error = result.error.issues.map(({ path, code, message, ...params }) =>
      issue(path as PropertyKey[], code, message, params),
    );
    return { error };
  };

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
