import { describe, expect, it } from 'vitest';
import { IdentityRoleCreateDto, IdentityRoleUpdateDto } from './identity-role.js';
import { IdentityUserCreateDto, IdentityUserDto, IdentityUserUpdateDto } from './identity-user.js';

const stamp = '5b7f2a8e3c1d4e6fa9b0c2d4e6f8a0b1';
const validCreate = {
  userName: 'ana.lopez@example+1',
  email: 'ana@example.com',
  password: '1q2w3E*',
};

const failingPaths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('IdentityUserCreateDto', () => {
  it('accepts the minimal body: active by default, lockout left to the server (ABP: optional)', () => {
    const parsed = IdentityUserCreateDto.parse(validCreate);
    expect(parsed).toEqual({ ...validCreate, isActive: true });
    expect('lockoutEnabled' in parsed).toBe(false);
    expect(IdentityUserCreateDto.parse({ ...validCreate, lockoutEnabled: false })).toMatchObject({
      lockoutEnabled: false,
    });
  });

  it('accepts null and empty optional fields as ABP clients send them', () => {
    const body = { ...validCreate, name: null, surname: '', phoneNumber: null, roleNames: null };
    expect(IdentityUserCreateDto.safeParse(body).success).toBe(true);
  });

  it.each([
    ['userName', 'a'.repeat(257)],
    ['name', 'a'.repeat(65)],
    ['surname', 'a'.repeat(65)],
    ['email', `${'a'.repeat(245)}@example.com`],
    ['phoneNumber', '1'.repeat(17)],
    ['password', 'a'.repeat(129)],
  ])('rejects %s over its limit', (field, value) => {
    expect(
      failingPaths(IdentityUserCreateDto.safeParse({ ...validCreate, [field]: value })),
    ).toEqual([field]);
  });

  it.each([
    ['userName', 'a'.repeat(256)],
    ['name', 'a'.repeat(64)],
    ['surname', 'a'.repeat(64)],
    ['email', `${'a'.repeat(244)}@example.com`],
    ['phoneNumber', '1'.repeat(16)],
    ['password', 'a'.repeat(128)],
  ])('accepts %s at its limit', (field, value) => {
    expect(IdentityUserCreateDto.safeParse({ ...validCreate, [field]: value }).success).toBe(true);
  });

  it.each(['userName', 'email', 'password'])('requires %s', (field) => {
    const { [field as keyof typeof validCreate]: _, ...rest } = validCreate;
    expect(failingPaths(IdentityUserCreateDto.safeParse(rest))).toEqual([field]);
    expect(failingPaths(IdentityUserCreateDto.safeParse({ ...rest, [field]: '' }))).toEqual([
      field,
    ]);
  });

  it('rejects an invalid e-mail', () => {
    expect(failingPaths(IdentityUserCreateDto.safeParse({ ...validCreate, email: 'ana' }))).toEqual(
      ['email'],
    );
  });

  it.each(['ana lopez', 'ana#1', 'año', 'ana/x', ' ana', 'ana\t'])(
    'rejects the user name %j (outside ASP.NET allowed characters)',
    (userName) => {
      const result = IdentityUserCreateDto.safeParse({ ...validCreate, userName });
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['userName'], code: 'invalid_format', format: 'regex' }),
      ]);
    },
  );

  it('accepts every allowed user-name character', () => {
    const userName = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._@+';
    expect(IdentityUserCreateDto.safeParse({ ...validCreate, userName }).success).toBe(true);
  });

  it('rejects role names that are empty or too long', () => {
    const body = { ...validCreate, roleNames: ['admin', '', 'r'.repeat(257)] };
    expect(failingPaths(IdentityUserCreateDto.safeParse(body))).toEqual([
      'roleNames.1',
      'roleNames.2',
    ]);
  });
});

describe('IdentityUserUpdateDto', () => {
  const validUpdate = { userName: 'ana', email: 'ana@example.com', concurrencyStamp: stamp };

  it('makes the password optional (empty = keep) and the concurrency stamp (none = unchecked)', () => {
    expect(IdentityUserUpdateDto.safeParse(validUpdate).success).toBe(true);
    expect(IdentityUserUpdateDto.safeParse({ ...validUpdate, password: '' }).success).toBe(true);
    const { concurrencyStamp: _, ...withoutStamp } = validUpdate;
    expect(IdentityUserUpdateDto.safeParse(withoutStamp).success).toBe(true);
    expect(
      failingPaths(IdentityUserUpdateDto.safeParse({ ...validUpdate, concurrencyStamp: '' })),
    ).toEqual(['concurrencyStamp']);
  });

  it('leaves isActive and lockoutEnabled out when absent (unchanged), never defaulting them', () => {
    const parsed = IdentityUserUpdateDto.parse(validUpdate);
    expect(parsed.isActive).toBeUndefined();
    expect(parsed.lockoutEnabled).toBeUndefined();
    expect(IdentityUserUpdateDto.safeParse({ ...validUpdate, isActive: 'no' }).success).toBe(false);
  });

  it('keeps the create limits', () => {
    const body = { ...validUpdate, userName: 'a b', password: 'p'.repeat(129) };
    expect(failingPaths(IdentityUserUpdateDto.safeParse(body))).toEqual(['userName', 'password']);
  });
});

describe('IdentityUserDto', () => {
  it('strips server-only columns such as the password hash', () => {
    const user = {
      id: '3a0f1c1e-7b2d-9c44-1234-56789abcdef0',
      tenantId: null,
      userName: 'admin',
      name: 'admin',
      surname: null,
      email: 'admin@abp.io',
      emailConfirmed: false,
      phoneNumber: null,
      phoneNumberConfirmed: false,
      isActive: true,
      lockoutEnabled: true,
      lockoutEnd: null,
      accessFailedCount: 0,
      isLockedOut: false,
      concurrencyStamp: stamp,
      creationTime: '2021-08-10T12:34:56.1234567',
      creatorId: null,
      lastModificationTime: '2026-11-22T01:00:00.000Z',
      lastModifierId: null,
      isDeleted: false,
      deleterId: null,
      deletionTime: null,
      extraProperties: {},
      passwordHash: 'secret',
    };
    // the id is an ABP sequential GUID (no RFC 9562 version bits) and must still validate
    const parsed = IdentityUserDto.parse(user);
    expect(parsed).not.toHaveProperty('passwordHash');
  });
});

describe('IdentityRoleCreateDto and IdentityRoleUpdateDto', () => {
  it('requires a name of at most 256 characters and defaults the flags to false', () => {
    expect(IdentityRoleCreateDto.parse({ name: 'r'.repeat(256) })).toEqual({
      name: 'r'.repeat(256),
      isDefault: false,
      isPublic: false,
    });
    expect(failingPaths(IdentityRoleCreateDto.safeParse({ name: 'r'.repeat(257) }))).toEqual([
      'name',
    ]);
    expect(failingPaths(IdentityRoleCreateDto.safeParse({ name: '   ' }))).toEqual(['name']);
  });

  it('takes a concurrency stamp on update, or none (ABP 5+: null is unchecked)', () => {
    expect(IdentityRoleUpdateDto.safeParse({ name: 'admin', concurrencyStamp: null }).success).toBe(
      true,
    );
    expect(
      failingPaths(
        IdentityRoleUpdateDto.safeParse({ name: 'admin', concurrencyStamp: 'x'.repeat(41) }),
      ),
    ).toEqual(['concurrencyStamp']);
    expect(
      IdentityRoleUpdateDto.safeParse({ name: 'admin', concurrencyStamp: stamp }).success,
    ).toBe(true);
  });

  it('leaves the flags out of an update that does not send them (unchanged)', () => {
    const parsed = IdentityRoleUpdateDto.parse({ name: 'r', concurrencyStamp: stamp });
    expect(parsed.isDefault).toBeUndefined();
    expect(parsed.isPublic).toBeUndefined();
  });
});
