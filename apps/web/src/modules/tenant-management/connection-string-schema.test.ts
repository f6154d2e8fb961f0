import { describe, expect, it } from 'vitest';
import { connectionStringSchema } from './connection-string-schema';

const paths = (values: unknown) =>
  connectionStringSchema.safeParse(values).error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('connection string form', () => {
  it('needs no string while the shared database is chosen', () => {
    expect(paths({ useSharedDatabase: true, connectionString: '' })).toEqual([]);
  });

  it('requires a non-blank string of at most 1024 otherwise, under its own field', () => {
    expect(paths({ useSharedDatabase: false, connectionString: '' })).toEqual(['connectionString']);
    expect(paths({ useSharedDatabase: false, connectionString: '   ' })).toEqual([
      'connectionString',
    ]);
    expect(paths({ useSharedDatabase: false, connectionString: 'x'.repeat(1025) })).toEqual([
      'connectionString',
    ]);
    expect(paths({ useSharedDatabase: false, connectionString: 'tenants/acme.sqlite' })).toEqual(
      [],
    );
  });
});
