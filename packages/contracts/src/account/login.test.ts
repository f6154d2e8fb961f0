import { describe, expect, it } from 'vitest';
import { LoginParams } from './login.js';
import { LoginResultType } from './login-result.js';
import { RegisterDto } from './register.js';

const failingPaths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('LoginParams', () => {
  it('requires a user name of at most 255 and a password of at most 128', () => {
    expect(
      LoginParams.safeParse({ username: 'u'.repeat(255), password: 'p'.repeat(128) }).success,
    ).toBe(true);
    expect(
      failingPaths(LoginParams.safeParse({ username: 'u'.repeat(256), password: 'p'.repeat(129) })),
    ).toEqual(['username', 'password']);
    expect(failingPaths(LoginParams.safeParse({ username: ' ', password: '' }))).toEqual([
      'username',
      'password',
    ]);
  });

  it('takes rememberMe as an optional boolean', () => {
    expect(LoginParams.parse({ username: 'admin', password: 'x', rememberMe: true })).toEqual({
      username: 'admin',
      password: 'x',
      rememberMe: true,
    });
  });
});

describe('LoginResultType', () => {
  it("keeps ABP's integer values", () => {
    expect(LoginResultType.enum).toEqual({
      Success: 1,
      InvalidUserNameOrPassword: 2,
      NotAllowed: 3,
      LockedOut: 4,
      RequiresTwoFactor: 5,
    });
    expect(LoginResultType.safeParse(6).success).toBe(false);
  });
});

describe('RegisterDto', () => {
  it('requires user name, e-mail, password and app name within their limits', () => {
    const body = {
      userName: 'ana',
      emailAddress: 'ana@example.com',
      password: '1q2w3E*',
      appName: 'Angular',
    };
    expect(RegisterDto.safeParse(body).success).toBe(true);
    expect(
      failingPaths(
        RegisterDto.safeParse({
          userName: 'u'.repeat(257),
          emailAddress: 'ana',
          password: 'p'.repeat(129),
          appName: 'a'.repeat(65),
        }),
      ),
    ).toEqual(['userName', 'emailAddress', 'password', 'appName']);
  });
});
