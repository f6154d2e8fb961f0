/** Limits of the account DTOs that are not identity-user fields. */
export const AccountLimits = {
  /** `RegisterDto.AppName`, `SendPasswordResetCodeDto.AppName` */
  maxAppNameLength: 64,
} as const;

/** The `appName` the web client sends (SPEC §9); the server picks the reset-link URL by it. */
export const accountAppName = 'Angular';
