import { BusinessError } from '../../platform/errors/business-error.js';

/** ABP's permission-management errors; both are the caller's mistake, so 400 (ABP: 500). */
export const PermissionManagementErrors = {
  noPolicyForProvider: (providerName: string) =>
    new BusinessError('Volo.Abp.PermissionManagement:NoPolicyForProvider', {
      status: 400,
      data: { 0: providerName },
    }),
  /** Also for a permission that exists but not on this side or not for this provider. */
  permissionNotDefined: (name: string) =>
    new BusinessError('Volo.Abp.PermissionManagement:PermissionNotDefined', {
      status: 400,
      data: { 0: name },
    }),
} as const;
