import { describe, expect, it } from 'vitest';
import { ChangePasswordInput, UpdateProfileDto } from './profile.js';

const valid = { userName: 'ana', email: 'ana@example.com' };

const failingPaths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('UpdateProfileDto', () => {
  it('accepts a minimal profile; name, surname, phone and stamp are optional', () => {
    expect(UpdateProfileDto.safeParse(valid).success).toBe(true);
    const full = { ...valid, name: null, surname: '', phoneNumber: null, concurrencyStamp: null };
    expect(UpdateProfileDto.safeParse(full).success).toBe(true);
  });

  it.each(['ana lopez', ' ana', 'ana ', 'ana\tlopez', 'ana\u00a0lopez'])(
    'rejects the user name %j (holds whitespace)',
    (userName) => {
      expect(failingPaths(UpdateProfileDto.safeParse({ ...valid, userName }))).toEqual([
        'userName',
      ]);
    },
  );

  it('requires the user name and the e-mail', () => {
    expect(failingPaths(UpdateProfileDto.safeParse({ userName: '', email: '' }))).toEqual([
      'userName',
      'email',
    ]);
  });

  it.each([
    ['userName', 'u'.repeat(256), 'u'.repeat(257)],
    ['email', `${'e'.repeat(244)}@example.com`, `${'e'.repeat(245)}@example.com`],
    ['name', 'n'.repeat(64), 'n'.repeat(65)],
    ['surname', 's'.repeat(64), 's'.repeat(65)],
    ['phoneNumber', '5'.repeat(16), '5'.repeat(17)],
  ])('limits %s', (field, atLimit, overLimit) => {
    expect(UpdateProfileDto.safeParse({ ...valid, [field]: atLimit }).success).toBe(true);
    expect(failingPaths(UpdateProfileDto.safeParse({ ...valid, [field]: overLimit }))).toEqual([
      field,
    ]);
  });
});

describe('ChangePasswordInput', () => {
  it('needs the current password only when the user has one', () => {
    expect(ChangePasswordInput.safeParse({ newPassword: '1q2w3E*' }).success).toBe(true);
    expect(failingPaths(ChangePasswordInput.safeParse({ currentPassword: 'x' }))).toEqual([
      'newPassword',
    ]);
    expect(
      failingPaths(
        ChangePasswordInput.safeParse({ currentPassword: 'c'.repeat(129), newPassword: 'x' }),
      ),
    ).toEqual(['currentPassword']);
  });
});
