import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSchemaNames } from './schema-names.js';

const permissionsUpdate = z.object({
  permissions: z.array(z.object({ name: z.string(), isGranted: z.boolean() })),
});
const userCreate = z.object({
  userName: z.string(),
  isActive: z.boolean().default(true),
  roleNames: z.array(z.string()).optional(),
  extraProperties: z.record(z.string(), z.unknown()).optional(),
});

describe('members named as the schema names them (ASP.NET Core binds them in any case)', () => {
  it('gives a member the schema name that differs from its own only in case', () => {
    expect(
      withSchemaNames(userCreate, { UserName: 'ana', ISACTIVE: false, roleNames: ['admin'] }),
    ).toEqual({ userName: 'ana', isActive: false, roleNames: ['admin'] });
  });

  it('names the members of objects inside objects and arrays', () => {
    expect(
      withSchemaNames(permissionsUpdate, {
        Permissions: [
          { Name: 'AbpIdentity.Users', IsGranted: true },
          { name: 'AbpIdentity.Roles', isGranted: false },
        ],
      }),
    ).toEqual({
      permissions: [
        { name: 'AbpIdentity.Users', isGranted: true },
        { name: 'AbpIdentity.Roles', isGranted: false },
      ],
    });
  });

  it('keeps the exact name when the input also has another case of it', () => {
    expect(withSchemaNames(userCreate, { UserName: 'other', userName: 'ana' })).toEqual({
      UserName: 'other',
      userName: 'ana',
    });
    expect(
      userCreate.parse(withSchemaNames(userCreate, { UserName: 'x', userName: 'ana' })),
    ).toEqual({ userName: 'ana', isActive: true });
  });

  it('leaves the names inside free-form objects as they are', () => {
    expect(
      withSchemaNames(userCreate, {
        userName: 'ana',
        ExtraProperties: { Color: 'ámbar', color: 'azul' },
      }),
    ).toEqual({ userName: 'ana', extraProperties: { Color: 'ámbar', color: 'azul' } });
  });

  it('leaves names the schema does not know, and returns input that needs nothing as it is', () => {
    const camelCase = { userName: 'ana', roleNames: ['admin'], unknown: 1 };
    expect(withSchemaNames(userCreate, camelCase)).toBe(camelCase);
    const list = { permissions: [{ name: 'A', isGranted: true }] };
    expect(withSchemaNames(permissionsUpdate, list)).toBe(list);
    expect(withSchemaNames(userCreate, { Unknown: 1, userName: 'ana' })).toEqual({
      Unknown: 1,
      userName: 'ana',
    });
  });

  it('passes values of other kinds through', () => {
    for (const value of [null, 'text', 3, [1, 2], undefined]) {
      expect(withSchemaNames(userCreate, value)).toBe(value);
    }
  });
});
