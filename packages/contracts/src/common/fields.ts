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

/** A required e-mail address (zod's practical e-mail pattern; an empty string fails the format). */
export const emailAddress = (maxLength: number) => z.email().max(maxLength);
