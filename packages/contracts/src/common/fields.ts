import { z } from 'zod';

/**
 * Field builders shared by every DTO, so that "required", "optional" and "e-mail" mean the same
 * thing everywhere (ABP's `[Required]`, `[StringLength]`, `[EmailAddress]`).
 *
 * Messages: built-in checks carry no custom message; consumers localize them by issue code
 * (`too_small`, `too_big`, `invalid_format`…). Where a message is set here it is an ABP
 * localization key in `Resource::Key` form.
 */

/** ABP's key for a missing value (`AbpValidation::ThisFieldIsRequired.`). */
export const requiredMessageKey = 'AbpValidation::ThisFieldIsRequired.';

/**
 * A required string of at most `maxLength` UTF-16 units. Like `[Required]` it rejects `''` and
 * whitespace-only values, both with {@link requiredMessageKey} and a single issue.
 */
export const requiredString = (maxLength: number) =>
  z
    .string()
    .min(1, { message: requiredMessageKey, abort: true })
    .max(maxLength)
    .refine((value) => value.trim().length > 0, { message: requiredMessageKey });

/**
 * A required name that others look up (a role's, a tenant's): spaces around it are dropped before
 * it is checked and kept, so that "Editors " cannot sit beside "Editors", nor a tenant be missed
 * for a space typed after its name. ABP keeps them; its clients send names as they list them.
 */
export const requiredName = (maxLength: number) =>
  z.string().trim().min(1, { message: requiredMessageKey, abort: true }).max(maxLength);

/** An optional string: `undefined`, `null` and `''` are all accepted (ABP's nullable `string`). */
export const optionalString = (maxLength: number) => z.string().max(maxLength).nullish();

/**
 * An address as .NET's `EmailAddressAttribute` (ABP's check) takes it, a little stricter: letters of
 * any script (`josé@ejemplo.mx`), a domain without a dot (`noreply@localhost`, an intranet's), and
 * none of the characters that would make it a list or a display name in a mail header (spaces,
 * commas, angle brackets, quotes, semicolons). zod's own pattern refused the first two.
 */
export const emailAddressPattern =
  /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*$/u;

/** A required e-mail address (an empty string fails the format). */
export const emailAddress = (maxLength: number) =>
  z.email({ pattern: emailAddressPattern }).max(maxLength);
