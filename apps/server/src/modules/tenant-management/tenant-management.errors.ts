import { BusinessError } from '../../platform/errors/business-error.js';

/** Why a connection string was refused, told in the reader's language after the message. */
export const ConnectionStringProblem = {
  /** `{0}`: the shared database's engine. */
  WrongEngine: 'Volo.Abp.TenantManagement:ConnectionStringWrongEngine',
  SharedDatabase: 'Volo.Abp.TenantManagement:ConnectionStringIsSharedDatabase',
  OutsideDataFolder: 'Volo.Abp.TenantManagement:ConnectionStringOutsideDataFolder',
  /** `{0}`: the driver's message, its password masked. */
  CannotOpen: 'Volo.Abp.TenantManagement:ConnectionStringCannotOpen',
} as const;

/** Every error the tenant management raises, with ABP's codes. */
export const TenantManagementErrors = {
  /**
   * A business error, so 403 as in ABP (and as identity answers a taken user or role name); 409
   * is kept for a stale concurrency stamp (DESIGN.md).
   */
  duplicateTenantName: (name: string) =>
    new BusinessError('Volo.Abp.TenantManagement:DuplicateTenantName', {
      status: 403,
      data: { 0: name, Name: name },
    }),
  /** `details`: one of `ConnectionStringProblem`, with its `data`. */
  invalidConnectionString: (details?: string, data?: Record<string, unknown>) =>
    new BusinessError('Volo.Abp.TenantManagement:InvalidConnectionString', {
      status: 400,
      ...(details ? { details } : {}),
      ...(data ? { data } : {}),
    }),
} as const;
