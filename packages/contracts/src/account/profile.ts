import { z } from 'zod';
import {
  ExtraPropertyDictionary,
  extensibleInputShape,
  maxConcurrencyStampLength,
} from '../common/entity.js';
import { emailAddress, optionalString, requiredString } from '../common/fields.js';
import { IdentityUserLimits } from '../identity/identity.limits.js';
import { userName } from '../identity/identity-user.js';

const L = IdentityUserLimits;

/** Answer of `GET`/`PUT /api/account/my-profile`. */
export const ProfileDto = z
  .object({
    userName: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    isExternal: z.boolean(),
    hasPassword: z.boolean(),
    concurrencyStamp: z.string(),
    extraProperties: ExtraPropertyDictionary,
  })
  .meta({ id: 'ProfileDto' });
export type ProfileDto = z.infer<typeof ProfileDto>;

/**
 * Body of `PUT /api/account/my-profile`. The server silently keeps the user name and e-mail when
 * `Abp.Identity.User.IsUserNameUpdateEnabled` / `IsEmailUpdateEnabled` are off (ABP behaviour).
 */
export const UpdateProfileDto = z
  .object({
    // The identity module's rule, saying which characters: a bare pattern showed its regex.
    userName,
    email: emailAddress(L.maxEmailLength),
    name: optionalString(L.maxNameLength),
    surname: optionalString(L.maxSurnameLength),
    phoneNumber: optionalString(L.maxPhoneNumberLength),
    /** When sent, a stale stamp fails with 409. */
    concurrencyStamp: z.string().max(maxConcurrencyStampLength).nullish(),
    ...extensibleInputShape,
  })
  .meta({ id: 'UpdateProfileDto' });
export type UpdateProfileDto = z.infer<typeof UpdateProfileDto>;

/**
 * Body of `POST /api/account/my-profile/change-password`. `currentPassword` is sent only when
 * the profile `hasPassword`; the new password's complexity is checked by the server.
 */
export const ChangePasswordInput = z
  .object({
    currentPassword: optionalString(L.maxPasswordLength),
    newPassword: requiredString(L.maxPasswordLength),
  })
  .meta({ id: 'ChangePasswordInput' });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
