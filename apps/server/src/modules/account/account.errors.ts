import { BusinessError } from '../../platform/errors/business-error.js';

/**
 * Every error the account module raises, with ABP's codes (which are also the localization keys)
 * and ABP's statuses: identity and user-friendly errors are 403 in ABP's mapping.
 */
export const AccountErrors = {
  selfRegistrationDisabled: () =>
    new BusinessError('AbpAccount:SelfRegistrationDisabledMessage', { status: 403 }),
  invalidUserName: (userName: string) =>
    new BusinessError('Volo.Abp.Identity:InvalidUserName', { status: 403, data: { 0: userName } }),
  duplicateUserName: (userName: string) =>
    new BusinessError('Volo.Abp.Identity:DuplicateUserName', {
      status: 403,
      data: { 0: userName },
    }),
  duplicateEmail: (email: string) =>
    new BusinessError('Volo.Abp.Identity:DuplicateEmail', { status: 403, data: { 0: email } }),
  invalidToken: () => new BusinessError('Volo.Abp.Identity:InvalidToken', { status: 403 }),
  passwordMismatch: () => new BusinessError('Volo.Abp.Identity:PasswordMismatch', { status: 403 }),
  externalUserPasswordChange: () => new BusinessError('Volo.Abp.Identity:010003', { status: 403 }),
} as const;
