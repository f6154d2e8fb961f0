import { z } from 'zod';
import {
  BooleanInput,
  ExtraPropertyDictionary,
  extensibleInputShape,
  fullAuditedEntityShape,
  Guid,
  GuidInput,
  IsoDateTime,
  UpdateConcurrencyStamp,
} from '../common/entity.js';
import { emailAddress, optionalString, requiredString } from '../common/fields.js';
import { GetListWithFilterInput } from '../common/paged.js';
import {
  allowedUserNamePattern,
  IdentityRoleLimits,
  IdentityUserLimits,
} from './identity.limits.js';

const L = IdentityUserLimits;

/** ABP's `UserData` fields, which `IdentityUserDto` begins with, in the same order. */
const userDataShape = {
  id: Guid,
  tenantId: Guid.nullable(),
  userName: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneNumberConfirmed: z.boolean(),
};

/** ABP's `IdentityUserDto` (+ `isLockedOut`, ours: `lockoutEnd` is in the future). */
export const IdentityUserDto = z
  .object({
    ...userDataShape,
    isActive: z.boolean(),
    lockoutEnabled: z.boolean(),
    lockoutEnd: IsoDateTime.nullable(),
    accessFailedCount: z.int().min(0),
    isLockedOut: z.boolean(),
    concurrencyStamp: z.string(),
    ...fullAuditedEntityShape,
    extraProperties: ExtraPropertyDictionary,
  })
  .meta({ id: 'IdentityUserDto' });
export type IdentityUserDto = z.infer<typeof IdentityUserDto>;

/** Required, ≤ 256, only ASP.NET Identity's allowed user-name characters (saying which). */
export const userName = requiredString(L.maxUserNameLength).regex(allowedUserNamePattern, {
  message: 'AbpIdentity::UserNameCharacters',
});
const roleName = z.string().min(1).max(IdentityRoleLimits.maxNameLength);

/** Fields common to create and update (ABP's `IdentityUserCreateOrUpdateDtoBase`). */
const identityUserInputShape = {
  userName,
  name: optionalString(L.maxNameLength),
  surname: optionalString(L.maxSurnameLength),
  email: emailAddress(L.maxEmailLength),
  phoneNumber: optionalString(L.maxPhoneNumberLength),
  /** `null` or absent: roles untouched on update, none on create. */
  roleNames: z.array(roleName).nullish(),
  ...extensibleInputShape,
};

export const IdentityUserCreateDto = z
  .object({
    ...identityUserInputShape,
    isActive: z.boolean().default(true),
    /**
     * Optional as in ABP's clients: absent, the tenant's `Abp.Identity.Lockout.AllowedForNewUsers`
     * decides (true unless changed), as ASP.NET Identity sets it on a new user.
     */
    lockoutEnabled: z.boolean().optional(),
    password: requiredString(L.maxPasswordLength),
  })
  .meta({ id: 'IdentityUserCreateDto' });
export type IdentityUserCreateDto = z.infer<typeof IdentityUserCreateDto>;

export const IdentityUserUpdateDto = z
  .object({
    ...identityUserInputShape,
    /**
     * Absent: unchanged. (ABP's C# DTO turns an absent flag into false, so a client that leaves it
     * out deactivates the user or drops the lockout without meaning to.)
     */
    isActive: z.boolean().optional(),
    lockoutEnabled: z.boolean().optional(),
    /** Empty or absent: the password is kept. */
    password: optionalString(L.maxPasswordLength),
    concurrencyStamp: UpdateConcurrencyStamp,
  })
  .meta({ id: 'IdentityUserUpdateDto' });
export type IdentityUserUpdateDto = z.infer<typeof IdentityUserUpdateDto>;

/**
 * Query of `GET /api/identity/users`: `filter`, `sorting`, `skipCount`, `maxResultCount`, and
 * three filters named as ABP's commercial module names them: `roleId`, only that role's members;
 * `isLockedOut`, only users locked out now (`true`) or only the others (`false`); `notActive`,
 * only inactive users (`true`) or only active ones (`false`).
 */
export const GetIdentityUsersInput = GetListWithFilterInput.extend({
  // Nullable as well as optional: ABP's `Guid? RoleId`, which its API description lists as such.
  roleId: GuidInput.nullish(),
  isLockedOut: BooleanInput.nullish(),
  notActive: BooleanInput.nullish(),
});
export type GetIdentityUsersInput = z.infer<typeof GetIdentityUsersInput>;

/** Body of `PUT /api/identity/users/{id}/roles`: replaces the user's roles. */
export const IdentityUserUpdateRolesDto = z
  .object({ roleNames: z.array(roleName) })
  .meta({ id: 'IdentityUserUpdateRolesDto' });
export type IdentityUserUpdateRolesDto = z.infer<typeof IdentityUserUpdateRolesDto>;

/** ABP's `UserData`, answered by the user-lookup endpoints (`AbpIdentity.UserLookup`). */
export const UserData = z.object(userDataShape).meta({ id: 'UserData' });
export type UserData = z.infer<typeof UserData>;

/** Query of `GET /api/identity/users/lookup/search`. */
export const UserLookupSearchInputDto = GetListWithFilterInput;
export type UserLookupSearchInputDto = z.infer<typeof UserLookupSearchInputDto>;

/** Query of `GET /api/identity/users/lookup/count`. */
export const UserLookupCountInputDto = GetListWithFilterInput.pick({ filter: true });
export type UserLookupCountInputDto = z.infer<typeof UserLookupCountInputDto>;
