import { BusinessError } from '../../platform/errors/business-error.js';

/**
 * Every error the identity administration raises, with ABP's codes (also the localization keys
 * of the AbpIdentity resource). Statuses: ABP answers 403 for business rules and we keep it, so
 * ABP's Angular shows the message in a dialog. That includes ASP.NET Identity's own errors (a
 * taken user name, e-mail or role name, a user name with other characters): ABP's
 * `CheckErrors()` wraps them in `AbpIdentityResultException`, a `BusinessException`, which its
 * status finder maps to 403 — for the administration API and for self-registration alike, so the
 * account module raises these same errors. An unknown role named in a request is bad input, 400.
 */
export const IdentityErrors = {
  duplicateUserName: (userName: string) =>
    new BusinessError('Volo.Abp.Identity:DuplicateUserName', {
      status: 403,
      data: { 0: userName },
    }),
  duplicateEmail: (email: string) =>
    new BusinessError('Volo.Abp.Identity:DuplicateEmail', { status: 403, data: { 0: email } }),
  duplicateRoleName: (name: string) =>
    new BusinessError('Volo.Abp.Identity:DuplicateRoleName', { status: 403, data: { 0: name } }),
  invalidUserName: (userName: string) =>
    new BusinessError('Volo.Abp.Identity:InvalidUserName', { status: 403, data: { 0: userName } }),
  roleNotFound: (name: string) =>
    new BusinessError('Volo.Abp.Identity:RoleNotFound', { status: 400, data: { 0: name } }),
  cannotDeleteOwnAccount: () => new BusinessError('Volo.Abp.Identity:010001', { status: 403 }),
  staticRoleRenaming: () => new BusinessError('Volo.Abp.Identity:010005', { status: 403 }),
  staticRoleDeletion: () => new BusinessError('Volo.Abp.Identity:010006', { status: 403 }),
  cannotChangeOwnLockout: () =>
    new BusinessError('Volo.Abp.Identity:CanNotChangeOwnLockout', { status: 403 }),
  cannotDeactivateOwnAccount: () =>
    new BusinessError('Volo.Abp.Identity:CanNotDeactivateOwnAccount', { status: 403 }),
  lastAdministratorRole: () =>
    new BusinessError('Volo.Abp.Identity:LastAdministratorRole', { status: 403 }),
  // Ours (privilege-ceiling.ts): no one hands out more than they hold.
  morePrivilegedUser: () =>
    new BusinessError('Volo.Abp.Identity:MorePrivilegedUser', { status: 403 }),
  morePrivilegedRole: (roleName: string) =>
    new BusinessError('Volo.Abp.Identity:MorePrivilegedRole', {
      status: 403,
      data: { 0: roleName },
    }),
  permissionNotHeld: () =>
    new BusinessError('Volo.Abp.Identity:PermissionNotHeld', { status: 403 }),
} as const;
