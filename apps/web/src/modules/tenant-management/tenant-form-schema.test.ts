import { defaultPasswordRules } from '@vineta/contracts/identity/password-rules';
import { describe, expect, it } from 'vitest';
import { editTenantSchema, newTenantSchema } from './tenant-form-schema';

const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('tenant forms', () => {
  const schema = newTenantSchema(defaultPasswordRules);
  const valid = {
    name: 'acme',
    adminEmailAddress: 'admin@acme.test',
    adminPassword: '1q2w3E*',
    isActive: true,
  };

  it('accepts a new tenant whose admin password follows the rules', () => {
    expect(paths(schema.safeParse(valid))).toEqual([]);
  });

  it('names each wrong field: a long name, a bad e-mail, a password breaking the rules', () => {
    const result = schema.safeParse({
      ...valid,
      name: 't'.repeat(65),
      adminEmailAddress: 'not-an-address',
      adminPassword: 'abc',
    });
    expect(new Set(paths(result))).toEqual(new Set(['name', 'adminEmailAddress', 'adminPassword']));
  });

  it('edits only the name and the active flag', () => {
    expect(paths(editTenantSchema.safeParse({ name: '', isActive: false }))).toEqual(['name']);
    expect(editTenantSchema.parse({ name: 'acme', isActive: false, extra: 1 })).toEqual({
      name: 'acme',
      isActive: false,
    });
  });
});
