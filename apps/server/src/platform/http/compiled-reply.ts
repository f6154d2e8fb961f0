import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };

/**
 * A route's reply serializer compiled once from its zod schema (fast-json-stringify, Fastify's
 * own), for replies the server builds itself: zod's `safeEncode` re-checked every field of every
 * item (GUID and date regexes included) before `JSON.stringify`, a tenth of a users-list request.
 * Like zod it writes only the declared properties and fails on a missing required one; unlike zod
 * it does not check formats or ranges, which the server's own DTO mappers and types guarantee.
 *
 * Only schemas made of plain types, objects, arrays, records and nullables are compiled; anything
 * else (unions, enums, transforms, dates) keeps zod's serializer. Opt in per route with
 * `serializerCompiler: compiledReply`: incoming data keeps zod's validation everywhere.
 */
export function compiledReply(route: FastifyRouteSchemaDef<unknown>): (data: unknown) => string {
  const plain = plainJsonSchema(route.schema as ZodType);
  return plain ? fastJson(plain) : zodSerializerCompiler(route as FastifyRouteSchemaDef<ZodType>);
}

/** The schema as fast-json-stringify can write it without validating, or undefined. */
export function plainJsonSchema(schema: ZodType): JsonSchema | undefined {
  try {
    // Inlined (a registry without ids): no `$ref`s to resolve, and every branch simplified.
    const json = z.toJSONSchema(schema, {
      io: 'output',
      metadata: z.registry(),
      target: 'draft-7',
    });
    return plain(json as JsonSchema);
  } catch {
    return undefined;
  }
}

const SIMPLE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

class NotPlain extends Error {}

/**
 * Keeps the keywords that say how to write a value (type, properties, required, items,
 * additionalProperties) and drops those that only validate (pattern, format, bounds). A nullable
 * (`anyOf` of one simple type and null) becomes a type list, which fast-json-stringify writes
 * without running a validator to pick a branch.
 */
function plain(node: JsonSchema): JsonSchema {
  if (Array.isArray(node.anyOf)) return nullable(node.anyOf as JsonSchema[]);
  for (const keyword of ['oneOf', 'allOf', 'not', 'enum', 'const', '$ref', 'default']) {
    if (keyword in node) throw new NotPlain(keyword);
  }
  const type = node.type;
  if (type === undefined) {
    // `unknown`: written as JSON.stringify would.
    if (Object.keys(node).some((key) => key !== '$schema')) throw new NotPlain('untyped');
    return {};
  }
  const types = Array.isArray(type) ? type : [type];
  if (types.every((t) => SIMPLE_TYPES.has(t as string))) return { type };
  if (type === 'array') {
    if (typeof node.items !== 'object' || Array.isArray(node.items)) throw new NotPlain('tuple');
    return { type, items: plain(node.items as JsonSchema) };
  }
  if (type === 'object') {
    const properties = Object.fromEntries(
      Object.entries((node.properties ?? {}) as Record<string, JsonSchema>).map(([key, value]) => [
        key,
        plain(value),
      ]),
    );
    const extra = node.additionalProperties;
    return {
      type,
      properties,
      required: node.required ?? [],
      additionalProperties:
        typeof extra === 'object' && extra !== null ? plain(extra as JsonSchema) : extra === true,
    };
  }
  throw new NotPlain(String(type));
}

function nullable(branches: JsonSchema[]): JsonSchema {
  const simplified = branches.map(plain);
  const types = simplified.flatMap((branch) => {
    const keys = Object.keys(branch);
    if (keys.length !== 1 || keys[0] !== 'type') throw new NotPlain('union');
    return branch.type as string | string[];
  });
  return { type: [...new Set(types)] };
}
