/** ABP's `IdentityUserConsts` (field lengths of `IdentityUser`). */
export const IdentityUserLimits = {
  maxUserNameLength: 256,
  maxNameLength: 64,
  maxSurnameLength: 64,
  maxEmailLength: 256,
  maxPhoneNumberLength: 16,
  maxPasswordLength: 128,
} as const;

/** ABP's `IdentityRoleConsts`. */
export const IdentityRoleLimits = { maxNameLength: 256 } as const;

/** The sign-in form (SPEC §5 and §9): user name or e-mail ≤ 255, password ≤ 128. */
export const LoginLimits = {
  maxUserNameOrEmailLength: 255,
  maxPasswordLength: 128,
} as const;

/** ASP.NET Identity's default `UserOptions.AllowedUserNameCharacters`, which ABP keeps. */
export const allowedUserNameCharacters =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._@+';

/** Matches a string made only of {@link allowedUserNameCharacters} (the empty string too). */
export const allowedUserNamePattern = /^[A-Za-z0-9\-._@+]*$/;
