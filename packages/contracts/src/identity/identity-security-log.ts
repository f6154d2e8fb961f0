import { z } from 'zod';
import { ExtraPropertyDictionary, Guid, IsoDateTime } from '../common/entity.js';
import { PagedAndSortedResultRequestDto } from '../common/paged.js';

/** ABP's `IdentitySecurityLogConsts`: the column limits of a security-log row. */
export const IdentitySecurityLogLimits = {
  maxApplicationNameLength: 96,
  maxIdentityLength: 96,
  maxActionLength: 96,
  maxUserNameLength: 256,
  maxTenantNameLength: 64,
  maxClientIdLength: 64,
  maxCorrelationIdLength: 64,
  maxClientIpAddressLength: 64,
  maxBrowserInfoLength: 512,
} as const;

/** ABP's `IdentitySecurityLogActionConsts`: what a row records. */
export const SecurityLogActions = {
  LoginSucceeded: 'LoginSucceeded',
  LoginLockedout: 'LoginLockedout',
  LoginNotAllowed: 'LoginNotAllowed',
  LoginFailed: 'LoginFailed',
  LoginInvalidUserName: 'LoginInvalidUserName',
  LoginInvalidUserNameOrPassword: 'LoginInvalidUserNameOrPassword',
  Logout: 'Logout',
  ChangeUserName: 'ChangeUserName',
  ChangeEmail: 'ChangeEmail',
  ChangePhoneNumber: 'ChangePhoneNumber',
  ChangePassword: 'ChangePassword',
  ResetPassword: 'ResetPassword',
  Register: 'Register',
} as const;
export type SecurityLogAction = (typeof SecurityLogActions)[keyof typeof SecurityLogActions];

/** ABP's `IdentitySecurityLogDto`: one sign-in, sign-out or credential change. */
export const IdentitySecurityLogDto = z
  .object({
    id: Guid,
    tenantId: Guid.nullable(),
    applicationName: z.string().nullable(),
    identity: z.string().nullable(),
    action: z.string().nullable(),
    userId: Guid.nullable(),
    userName: z.string().nullable(),
    tenantName: z.string().nullable(),
    clientId: z.string().nullable(),
    correlationId: z.string().nullable(),
    clientIpAddress: z.string().nullable(),
    browserInfo: z.string().nullable(),
    creationTime: IsoDateTime,
    extraProperties: ExtraPropertyDictionary,
  })
  .meta({ id: 'IdentitySecurityLogDto' });
export type IdentitySecurityLogDto = z.infer<typeof IdentitySecurityLogDto>;

/** A point in time a client sends: an ISO date-time (no offset reads as UTC) or a date. */
const TimeInput = z.union([IsoDateTime, z.iso.date()]);
const exactly = (max: number) => z.string().max(max).optional();
const L = IdentitySecurityLogLimits;

/**
 * Query of `GET /api/identity/security-logs` (ABP's `GetIdentitySecurityLogListInput`): rows from
 * `startTime` (inclusive) to `endTime` (exclusive), the others matched exactly, newest first unless
 * `sorting` says `creationTime asc`.
 */
export const GetIdentitySecurityLogListInput = PagedAndSortedResultRequestDto.extend({
  startTime: TimeInput.optional(),
  endTime: TimeInput.optional(),
  applicationName: exactly(L.maxApplicationNameLength),
  identity: exactly(L.maxIdentityLength),
  action: exactly(L.maxActionLength),
  userName: exactly(L.maxUserNameLength),
  clientId: exactly(L.maxClientIdLength),
  correlationId: exactly(L.maxCorrelationIdLength),
});
export type GetIdentitySecurityLogListInput = z.infer<typeof GetIdentitySecurityLogListInput>;
