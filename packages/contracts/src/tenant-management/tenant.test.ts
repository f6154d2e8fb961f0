import { describe, expect, it } from 'vitest';
import { TenantCreateDto, TenantUpdateDto, UpdateDefaultConnectionStringInput } from './tenant.js';

const valid = { name: 'acme', adminEmailAddress: 'admin@acme.mx', adminPassword: '1q2w3E*' };

const failingPaths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('TenantCreateDto', () => {
  it('defaults isActive to true', () => {
    expect(TenantCreateDto.parse(valid)).toEqual({ ...valid, isActive: true });
  });

  it('limits the name to 64 (the server limit, not the 256 of the old form)', () => {
    expect(TenantCreateDto.safeParse({ ...valid, name: 't'.repeat(64) }).success).toBe(true);
    expect(failingPaths(TenantCreateDto.safeParse({ ...valid, name: 't'.repeat(65) }))).toEqual([
      'name',
    ]);
  });

  it('requires a valid admin e-mail of at most 256 and a password of at most 128', () => {
    const body = {
      ...valid,
      adminEmailAddress: `${'a'.repeat(245)}@example.com`,
      adminPassword: 'p'.repeat(129),
    };
    expect(failingPaths(TenantCreateDto.safeParse(body))).toEqual([
      'adminEmailAddress',
      'adminPassword',
    ]);
    expect(failingPaths(TenantCreateDto.safeParse({ name: 'acme' }))).toEqual([
      'adminEmailAddress',
      'adminPassword',
    ]);
  });
});

describe('TenantUpdateDto', () => {
  it('requires the name; the concurrency stamp and isActive are optional', () => {
    const body = { name: 'acme', concurrencyStamp: 'stamp' };
    expect(TenantUpdateDto.parse(body)).toEqual(body);
    expect(TenantUpdateDto.parse({ name: 'acme' })).toEqual({ name: 'acme' });
    expect(failingPaths(TenantUpdateDto.safeParse({ name: '' }))).toEqual(['name']);
  });
});

describe('UpdateDefaultConnectionStringInput', () => {
  it('limits the connection string to 1024', () => {
    const ok = { defaultConnectionString: 'c'.repeat(1024) };
    expect(UpdateDefaultConnectionStringInput.safeParse(ok).success).toBe(true);
    const tooLong = { defaultConnectionString: 'c'.repeat(1025) };
    expect(failingPaths(UpdateDefaultConnectionStringInput.safeParse(tooLong))).toEqual([
      'defaultConnectionString',
    ]);
  });
});
