/**
 * Setting names read by the identity and account modules (ABP's `IdentitySettingNames` and
 * `AccountSettingNames`). All are visible to clients through the application configuration.
 */
export const IdentitySettingNames = {
  Password: {
    RequiredLength: 'Abp.Identity.Password.RequiredLength',
    RequiredUniqueChars: 'Abp.Identity.Password.RequiredUniqueChars',
    RequireNonAlphanumeric: 'Abp.Identity.Password.RequireNonAlphanumeric',
    RequireLowercase: 'Abp.Identity.Password.RequireLowercase',
    RequireUppercase: 'Abp.Identity.Password.RequireUppercase',
    RequireDigit: 'Abp.Identity.Password.RequireDigit',
  },
  Lockout: {
    AllowedForNewUsers: 'Abp.Identity.Lockout.AllowedForNewUsers',
    LockoutDuration: 'Abp.Identity.Lockout.LockoutDuration',
    MaxFailedAccessAttempts: 'Abp.Identity.Lockout.MaxFailedAccessAttempts',
  },
  SignIn: {
    RequireConfirmedEmail: 'Abp.Identity.SignIn.RequireConfirmedEmail',
    EnablePhoneNumberConfirmation: 'Abp.Identity.SignIn.EnablePhoneNumberConfirmation',
    RequireConfirmedPhoneNumber: 'Abp.Identity.SignIn.RequireConfirmedPhoneNumber',
  },
  User: {
    IsUserNameUpdateEnabled: 'Abp.Identity.User.IsUserNameUpdateEnabled',
    IsEmailUpdateEnabled: 'Abp.Identity.User.IsEmailUpdateEnabled',
  },
} as const;

export const AccountSettingNames = {
  IsSelfRegistrationEnabled: 'Abp.Account.IsSelfRegistrationEnabled',
  EnableLocalLogin: 'Abp.Account.EnableLocalLogin',
} as const;

const { Password, Lockout, SignIn, User } = IdentitySettingNames;

/**
 * Definition defaults, written as ABP writes them (`bool.ToString()` gives `True`/`False`; read
 * booleans case-insensitively). `LockoutDuration` is in seconds.
 */
export const IdentitySettingDefaults: Readonly<Record<string, string>> = {
  [Password.RequiredLength]: '6',
  [Password.RequiredUniqueChars]: '1',
  [Password.RequireNonAlphanumeric]: 'True',
  [Password.RequireLowercase]: 'True',
  [Password.RequireUppercase]: 'True',
  [Password.RequireDigit]: 'True',
  [Lockout.AllowedForNewUsers]: 'True',
  [Lockout.LockoutDuration]: '300',
  [Lockout.MaxFailedAccessAttempts]: '5',
  [SignIn.RequireConfirmedEmail]: 'False',
  [SignIn.EnablePhoneNumberConfirmation]: 'True',
  [SignIn.RequireConfirmedPhoneNumber]: 'False',
  [User.IsUserNameUpdateEnabled]: 'True',
  [User.IsEmailUpdateEnabled]: 'True',
};

export const AccountSettingDefaults: Readonly<Record<string, string>> = {
  [AccountSettingNames.IsSelfRegistrationEnabled]: 'true',
  [AccountSettingNames.EnableLocalLogin]: 'true',
};

/**
 * SPEC §4: self-registration and local login are on unless their value equals `false`
 * (case-insensitive); a missing value counts as on.
 */
export function isEnabledUnlessFalse(value: string | null | undefined): boolean {
  return value?.toLowerCase() !== 'false';
}
