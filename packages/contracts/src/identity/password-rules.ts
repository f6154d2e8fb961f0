import { z } from 'zod';
import { IdentityUserLimits } from './identity.limits.js';
import { IdentitySettingNames } from './identity-settings.js';

/**
 * Password complexity from the `Abp.Identity.Password.*` settings: the client check of SPEC §5
 * (ABP Angular's `getPasswordValidators`) and the server check of ASP.NET Identity's
 * `PasswordValidator`.
 */
export interface PasswordRules {
  requiredLength: number;
  requireDigit: boolean;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNonAlphanumeric: boolean;
  requiredUniqueChars: number;
}

/** ABP's setting defaults (`AbpIdentitySettingDefinitionProvider`). */
export const defaultPasswordRules: Readonly<PasswordRules> = Object.freeze({
  requiredLength: 6,
  requireDigit: true,
  requireLowercase: true,
  requireUppercase: true,
  requireNonAlphanumeric: true,
  requiredUniqueChars: 1,
});

type SettingValues = Readonly<Record<string, string | null | undefined>>;

const isMissing = (value: string | null | undefined): value is null | undefined | '' =>
  value == null || value.trim() === '';

/** `True`/`False` in any case; anything else (missing or unreadable) gives the default. */
function readBoolean(value: string | null | undefined, fallback: boolean): boolean {
  const normalized = value?.trim().toLowerCase();
  if (normalized === 'true') return true;
  if (normalized === 'false') return false;
  return fallback;
}

/** Missing gives the default; a value that is not an integer gives 1 (SPEC §5). */
function readInteger(value: string | null | undefined, fallback: number): number {
  if (isMissing(value)) return fallback;
  const parsed = Number(value);
  return Number.isInteger(parsed) ? Math.max(0, parsed) : 1;
}

/**
 * Reads the rules from setting values such as `ApplicationConfigurationDto.setting.values`
 * (or the server's resolved settings). Unknown keys are ignored.
 */
export function passwordRulesFromSettings(values: SettingValues): PasswordRules {
  const names = IdentitySettingNames.Password;
  const d = defaultPasswordRules;
  return {
    requiredLength: readInteger(values[names.RequiredLength], d.requiredLength),
    requireDigit: readBoolean(values[names.RequireDigit], d.requireDigit),
    requireLowercase: readBoolean(values[names.RequireLowercase], d.requireLowercase),
    requireUppercase: readBoolean(values[names.RequireUppercase], d.requireUppercase),
    requireNonAlphanumeric: readBoolean(
      values[names.RequireNonAlphanumeric],
      d.requireNonAlphanumeric,
    ),
    requiredUniqueChars: readInteger(values[names.RequiredUniqueChars], d.requiredUniqueChars),
  };
}

/** The kinds of character a password may lack, in the order the message lists them. */
export const passwordKinds = ['small', 'capital', 'number', 'special'] as const;
export type PasswordKind = (typeof passwordKinds)[number];

/** Strips combining accents (NFD, then U+0300–U+036F) as ABP Angular does before testing. */
const stripAccents = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * The kinds required by `rules` that `password` lacks (SPEC §5), after stripping accents: `é`
 * counts as a small letter. `special` means anything but an ASCII letter or digit, so `_` is
 * special here as it is for ASP.NET Identity (ABP Angular's `\W` did not count it).
 */
export function missingPasswordKinds(password: string, rules: PasswordRules): PasswordKind[] {
  const value = stripAccents(password);
  const missing: PasswordKind[] = [];
  if (rules.requireLowercase && !/[a-z]/.test(value)) missing.push('small');
  if (rules.requireUppercase && !/[A-Z]/.test(value)) missing.push('capital');
  if (rules.requireDigit && !/[0-9]/.test(value)) missing.push('number');
  if (rules.requireNonAlphanumeric && !/[^A-Za-z0-9]/.test(value)) missing.push('special');
  return missing;
}

/** Message of the complexity issue; its `params.missing` lists the {@link PasswordKind}s. */
export const passwordRulesMessageKey = 'AbpValidation::Validation:PasswordRules';

/** `params` of the complexity issue raised by {@link createPasswordSchema}. */
export interface PasswordRulesIssueParams {
  missing: PasswordKind[];
}

/**
 * The password field of a form: length `requiredLength` (at least 1, the field is required)
 * to 128, then one `custom` issue with message {@link passwordRulesMessageKey} and
 * `params: { missing }` when kinds are missing. An empty value reports only `too_small`.
 * `RequiredUniqueChars` is not checked on the client (ABP Angular does not either); the server
 * checks it.
 */
export function createPasswordSchema(rules: PasswordRules) {
  return z
    .string()
    .min(Math.max(1, rules.requiredLength))
    .max(IdentityUserLimits.maxPasswordLength)
    .superRefine((value, ctx) => {
      if (value === '') return;
      const missing = missingPasswordKinds(value, rules);
      if (missing.length === 0) return;
      const params: PasswordRulesIssueParams = { missing };
      ctx.addIssue({ code: 'custom', message: passwordRulesMessageKey, params, input: value });
    });
}

/** Prefix of ABP's codes for ASP.NET Identity errors: `Volo.Abp.Identity:PasswordTooShort`. */
export const identityErrorCodePrefix = 'Volo.Abp.Identity:';

/** ASP.NET Identity's password error codes (ABP code = {@link identityErrorCodePrefix} + code). */
export type IdentityPasswordError =
  | { code: 'PasswordTooShort'; length: number }
  | { code: 'PasswordRequiresNonAlphanumeric' }
  | { code: 'PasswordRequiresDigit' }
  | { code: 'PasswordRequiresLower' }
  | { code: 'PasswordRequiresUpper' }
  | { code: 'PasswordRequiresUniqueChars'; uniqueChars: number };

/** ABP's codes of the password errors, as a client meets them in an error body. */
export const identityPasswordErrorCodes = (
  [
    'PasswordTooShort',
    'PasswordRequiresNonAlphanumeric',
    'PasswordRequiresDigit',
    'PasswordRequiresLower',
    'PasswordRequiresUpper',
    'PasswordRequiresUniqueChars',
  ] as const satisfies readonly IdentityPasswordError['code'][]
).map((code) => `${identityErrorCodePrefix}${code}`);

/**
 * The form field each of ABP's identity errors about a user's credentials belongs under (a taken
 * or invalid user name, a taken e-mail, a refused password), given the form's names for those
 * fields: the register form calls its e-mail `emailAddress`, the user form `email`.
 */
export function identityUserErrorFields<F extends string>(fields: {
  userName: F;
  email: F;
  /** None where the form has no password (My account's personal settings). */
  password?: F;
}): Record<string, F> {
  const { password } = fields;
  return {
    [`${identityErrorCodePrefix}DuplicateUserName`]: fields.userName,
    [`${identityErrorCodePrefix}InvalidUserName`]: fields.userName,
    [`${identityErrorCodePrefix}DuplicateEmail`]: fields.email,
    ...(password
      ? Object.fromEntries(identityPasswordErrorCodes.map((code) => [code, password]))
      : {}),
  };
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const isLower = (c: string) => c >= 'a' && c <= 'z';
const isUpper = (c: string) => c >= 'A' && c <= 'Z';
const isLetterOrDigit = (c: string) => isDigit(c) || isLower(c) || isUpper(c);

/**
 * The server-side check, identical to ASP.NET Identity's `PasswordValidator`: same order, same
 * ASCII-only character classes (`é`, `ñ`, `_` and `中` are all non-alphanumeric and neither
 * lower nor upper), lengths and distinct characters counted in UTF-16 units, no accent
 * stripping. `length` and `uniqueChars` are the `{0}` of the localized messages.
 */
export function identityPasswordErrors(
  password: string,
  rules: PasswordRules,
): IdentityPasswordError[] {
  const errors: IdentityPasswordError[] = [];
  const chars = password.split('');
  if (password.trim() === '' || password.length < rules.requiredLength) {
    errors.push({ code: 'PasswordTooShort', length: rules.requiredLength });
  }
  if (rules.requireNonAlphanumeric && chars.every(isLetterOrDigit)) {
    errors.push({ code: 'PasswordRequiresNonAlphanumeric' });
  }
  if (rules.requireDigit && !chars.some(isDigit)) errors.push({ code: 'PasswordRequiresDigit' });
  if (rules.requireLowercase && !chars.some(isLower))
    errors.push({ code: 'PasswordRequiresLower' });
  if (rules.requireUppercase && !chars.some(isUpper))
    errors.push({ code: 'PasswordRequiresUpper' });
  if (rules.requiredUniqueChars >= 1 && new Set(chars).size < rules.requiredUniqueChars) {
    errors.push({ code: 'PasswordRequiresUniqueChars', uniqueChars: rules.requiredUniqueChars });
  }
  return errors;
}
