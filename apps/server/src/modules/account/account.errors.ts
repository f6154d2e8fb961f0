import { BusinessError } from '../../platform/errors/business-error.js';

/**
 * Every error the account module raises, with ABP's codes (which are also the localization keys)
 * and ABP's statuses: identity and user-friendly errors are 403 in ABP's mapping. The user
 * rules it shares with the identity administration (a taken user name or e-mail, a user name with
 * other characters) are the identity module's errors (`IdentityErrors`), one answer for both.
 */
export const AccountErrors = {
  selfRegistrationDisabled: () =>
    new BusinessError('AbpAccount:SelfRegistrationDisabledMessage', { status: 403 }),
  invalidToken: () => new BusinessError('Volo.Abp.Identity:InvalidToken', { status: 403 }),
  passwordMismatch: () => new BusinessError('Volo.Abp.Identity:PasswordMismatch', { status: 403 }),
  externalUserPasswordChange: () => new BusinessError('Volo.Abp.Identity:010003', { status: 403 }),
  // The sign-in pages and ABP's login API (the sign-in server's routes) answer 400, as ABP's do.
  localLoginDisabled: () =>
    new BusinessError('AbpAccount:LocalLoginDisabledMessage', { status: 400 }),
  invalidLoginRequest: () => new BusinessError('AbpAccount:InvalidLoginRequest', { status: 400 }),
  /** `key`: the failure's text in the AbpAccount resource (`signInFailureText`). */
  signInFailed: (key: string, data: Record<string, unknown>) =>
    new BusinessError(`AbpAccount:${key}`, { status: 400, data }),
} as const;
