import { describe, expect, it } from 'vitest';
import { IdentitySettingNames } from './identity-settings.js';
import {
  createPasswordSchema,
  defaultPasswordRules,
  identityPasswordErrors,
  identityUserErrorFields,
  missingPasswordKinds,
  type PasswordRules,
  passwordRulesFromSettings,
  passwordRulesMessageKey,
} from './password-rules.js';

const names = IdentitySettingNames.Password;
const noKinds: PasswordRules = {
  ...defaultPasswordRules,
  requireDigit: false,
  requireLowercase: false,
  requireUppercase: false,
  requireNonAlphanumeric: false,
};

describe('passwordRulesFromSettings', () => {
  it("uses ABP's defaults when no setting is present", () => {
    expect(passwordRulesFromSettings({})).toEqual({
      requiredLength: 6,
      requireDigit: true,
      requireLowercase: true,
      requireUppercase: true,
      requireNonAlphanumeric: true,
      requiredUniqueChars: 1,
    });
  });

  it('uses the defaults for null, undefined and empty values', () => {
    const rules = passwordRulesFromSettings({
      [names.RequiredLength]: '',
      [names.RequireDigit]: null,
      [names.RequireLowercase]: undefined,
    });
    expect(rules).toEqual(defaultPasswordRules);
  });

  it('reads booleans case-insensitively', () => {
    const rules = passwordRulesFromSettings({
      [names.RequireDigit]: 'False',
      [names.RequireLowercase]: 'FALSE',
      [names.RequireUppercase]: 'false',
      [names.RequireNonAlphanumeric]: 'TRUE',
    });
    expect(rules).toMatchObject({
      requireDigit: false,
      requireLowercase: false,
      requireUppercase: false,
      requireNonAlphanumeric: true,
    });
  });

  it('keeps the default for an unreadable boolean', () => {
    expect(passwordRulesFromSettings({ [names.RequireDigit]: 'yes' }).requireDigit).toBe(true);
  });

  it('reads integers', () => {
    const rules = passwordRulesFromSettings({
      [names.RequiredLength]: '10',
      [names.RequiredUniqueChars]: '3',
    });
    expect(rules.requiredLength).toBe(10);
    expect(rules.requiredUniqueChars).toBe(3);
  });

  it.each(['abc', '6.5', 'NaN', '1e400'])('falls back to 1 when RequiredLength is %j', (value) => {
    expect(passwordRulesFromSettings({ [names.RequiredLength]: value }).requiredLength).toBe(1);
  });

  it('ignores unrelated settings', () => {
    expect(passwordRulesFromSettings({ 'Abp.Account.EnableLocalLogin': 'false' })).toEqual(
      defaultPasswordRules,
    );
  });
});

describe('missingPasswordKinds', () => {
  it('reports nothing for a password with every kind', () => {
    expect(missingPasswordKinds('1q2w3E*', defaultPasswordRules)).toEqual([]);
  });

  it.each([
    ['ABC123*', ['small']],
    ['abc123*', ['capital']],
    ['abcABC*', ['number']],
    ['abcABC123', ['special']],
    ['', ['small', 'capital', 'number', 'special']],
  ])('%j lacks %j', (password, missing) => {
    expect(missingPasswordKinds(password, defaultPasswordRules)).toEqual(missing);
  });

  it('asks only for the kinds the rules require', () => {
    expect(missingPasswordKinds('', noKinds)).toEqual([]);
    expect(missingPasswordKinds('', { ...noKinds, requireDigit: true })).toEqual(['number']);
  });

  it('strips accents before testing', () => {
    // é → e (small), Ñ → N (capital): neither counts as special once stripped
    expect(missingPasswordKinds('éÑ1', defaultPasswordRules)).toEqual(['special']);
    expect(missingPasswordKinds('ÉCOLE1!', defaultPasswordRules)).toEqual(['small']);
    // a decomposed accent (e + U+0301) is stripped the same way
    expect(missingPasswordKinds('Ae\u03011', defaultPasswordRules)).toEqual(['special']);
  });

  it('counts underscore and non-Latin characters as special', () => {
    expect(missingPasswordKinds('aA1_', defaultPasswordRules)).toEqual([]);
    expect(missingPasswordKinds('aA1中', defaultPasswordRules)).toEqual([]);
  });
});

describe('createPasswordSchema', () => {
  const schema = createPasswordSchema(defaultPasswordRules);

  it('accepts a password that satisfies the rules', () => {
    expect(schema.safeParse('1q2w3E*').success).toBe(true);
  });

  it('raises one custom issue with the message key and the missing kinds', () => {
    const result = schema.safeParse('abcdefgh');
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        message: passwordRulesMessageKey,
        params: { missing: ['capital', 'number', 'special'] },
      }),
    ]);
  });

  it('enforces RequiredLength as the minimum', () => {
    const result = createPasswordSchema({ ...noKinds, requiredLength: 8 }).safeParse('abcdefg');
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'too_small', minimum: 8 }),
    ]);
  });

  it('enforces 128 as the maximum', () => {
    const strict = createPasswordSchema(noKinds);
    expect(strict.safeParse('a'.repeat(128)).success).toBe(true);
    expect(strict.safeParse('a'.repeat(129)).error?.issues).toEqual([
      expect.objectContaining({ code: 'too_big', maximum: 128 }),
    ]);
  });

  it('reports only too_small for an empty value, even when RequiredLength is 0', () => {
    const result = createPasswordSchema({ ...defaultPasswordRules, requiredLength: 0 }).safeParse(
      '',
    );
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['too_small']);
  });
});

describe('identityPasswordErrors', () => {
  it('accepts a valid password', () => {
    expect(identityPasswordErrors('1q2w3E*', defaultPasswordRules)).toEqual([]);
  });

  it('reports PasswordTooShort with the required length', () => {
    expect(identityPasswordErrors('1qE*', defaultPasswordRules)).toEqual([
      { code: 'PasswordTooShort', length: 6 },
    ]);
  });

  it('treats a whitespace-only password as too short whatever its length', () => {
    expect(identityPasswordErrors('        ', { ...noKinds, requiredLength: 1 })).toEqual([
      { code: 'PasswordTooShort', length: 1 },
    ]);
  });

  it('reports each missing class with its ASP.NET code, in ASP.NET order', () => {
    expect(identityPasswordErrors('', defaultPasswordRules).map((e) => e.code)).toEqual([
      'PasswordTooShort',
      'PasswordRequiresNonAlphanumeric',
      'PasswordRequiresDigit',
      'PasswordRequiresLower',
      'PasswordRequiresUpper',
      'PasswordRequiresUniqueChars',
    ]);
    expect(identityPasswordErrors('ABCDEF1*', defaultPasswordRules)).toEqual([
      { code: 'PasswordRequiresLower' },
    ]);
    expect(identityPasswordErrors('abcdef1*', defaultPasswordRules)).toEqual([
      { code: 'PasswordRequiresUpper' },
    ]);
    expect(identityPasswordErrors('abcDEF**', defaultPasswordRules)).toEqual([
      { code: 'PasswordRequiresDigit' },
    ]);
    expect(identityPasswordErrors('abcDEF12', defaultPasswordRules)).toEqual([
      { code: 'PasswordRequiresNonAlphanumeric' },
    ]);
  });

  it('uses ASCII-only classes and strips no accent, like ASP.NET Identity', () => {
    // é is neither lower nor upper but counts as non-alphanumeric
    expect(identityPasswordErrors('ÉCOLE1é', defaultPasswordRules)).toEqual([
      { code: 'PasswordRequiresLower' },
    ]);
    expect(identityPasswordErrors('abcDEF1_', defaultPasswordRules)).toEqual([]);
  });

  it('counts distinct characters for RequiredUniqueChars', () => {
    const rules = { ...noKinds, requiredLength: 1, requiredUniqueChars: 3 };
    expect(identityPasswordErrors('aabbaabb', rules)).toEqual([
      { code: 'PasswordRequiresUniqueChars', uniqueChars: 3 },
    ]);
    expect(identityPasswordErrors('aabbcc', rules)).toEqual([]);
  });

  it('skips the unique-characters rule when it is 0', () => {
    expect(
      identityPasswordErrors('', { ...noKinds, requiredLength: 0, requiredUniqueChars: 0 }),
    ).toEqual([{ code: 'PasswordTooShort', length: 0 }]);
  });
});

describe('identityUserErrorFields', () => {
  it("puts each credential error under the form's own field name", () => {
    const fields = identityUserErrorFields({
      userName: 'userName',
      email: 'emailAddress',
      password: 'password',
    });
    expect(fields['Volo.Abp.Identity:DuplicateUserName']).toBe('userName');
    expect(fields['Volo.Abp.Identity:InvalidUserName']).toBe('userName');
    expect(fields['Volo.Abp.Identity:DuplicateEmail']).toBe('emailAddress');
    expect(fields['Volo.Abp.Identity:PasswordRequiresDigit']).toBe('password');
    expect(fields['Volo.Abp.Identity:PasswordTooShort']).toBe('password');
    expect(Object.keys(fields)).toHaveLength(9);
  });
});
