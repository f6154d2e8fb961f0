import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';

/**
 * fastify-type-provider-zod's validator, with the issues' input reported: without it every
 * `invalid_type` issue looks like a missing value, so `"userName": 5` or `?skipCount=abc` read
 * "The … field is required." instead of "The value is not valid for …" (validation-messages.ts).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const error = result.error.issues.map(({ path, code, message, ...params }) => ({
      keyword: code,
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/${code}`,
      message,
      params,
    }));
    return { error };
  };
