import type { Migration } from 'kysely';
import * as createInitialSchema from './migrations/202611220100-create-initial-schema.js';

/**
 * Every migration, by name; Kysely runs them in name order. Listed statically (not read from the
 * folder) so that the same list works from TypeScript sources in tests and from the built files.
 */
export const migrations: Record<string, Migration> = {
  '202611220100-create-initial-schema': createInitialSchema,
};
