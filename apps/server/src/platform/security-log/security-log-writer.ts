import { SecurityLogActions } from '@vineta/contracts/identity/identity-security-log';
import { withinTenant } from '../data/data-scope.js';
import { toStorableText } from '../data/storable-text.js';
import type { SecurityLogRepository } from './security-log.repository.js';

/** ABP's `IdentitySecurityLogIdentityConsts`: which part of the sign-in stack wrote the row. */
export const SecurityLogIdentity = {
  Identity: 'Identity',
  IdentityServer: 'IdentityServer',
} as const;

/** ABP's `IdentitySecurityLogActionConsts`, which the web app shows too. */
export const SecurityLogAction = SecurityLogActions;

/** Who and where, as the request tells it. */
export interface SecurityLogRequestInfo {
  clientIpAddress?: string | null;
  browserInfo?: string | null;
  correlationId?: string | null;
  clientId?: string | null;
  tenantName?: string | null;
}

export interface SecurityLogEntry extends SecurityLogRequestInfo {
  identity: string;
  action: string;
  tenantId: string | null;
  userId?: string | null;
  userName?: string | null;
  extraProperties?: Record<string, unknown>;
}

/**
 * ABP's column limits (`IdentitySecurityLogConsts`); longer values are cut, never refused. The
 * values are what a caller sent (a user name tried at sign-in), so a NUL, which PostgreSQL refuses,
 * and a lone surrogate (also left by a cut through an emoji) are recorded as U+FFFD.
 */
const cut = (value: string | null | undefined, max: number) =>
  value == null ? null : toStorableText(value.length > max ? value.slice(0, max) : value);

/**
 * Writes ABP's security log: one row per sign-in attempt, sign-out and credential or profile
 * change, in the tenant the user belongs to. Passwords and tokens never reach it.
 */
export function createSecurityLogWriter(deps: {
  repository: SecurityLogRepository;
  applicationName: string;
}) {
  return {
    async write(entry: SecurityLogEntry): Promise<void> {
      await withinTenant(entry.tenantId, () =>
        deps.repository.insert({
          id: crypto.randomUUID(),
          applicationName: cut(deps.applicationName, 96),
          identity: cut(entry.identity, 96),
          action: cut(entry.action, 96),
          userId: entry.userId ?? null,
          userName: cut(entry.userName, 256),
          tenantName: cut(entry.tenantName, 64),
          clientId: cut(entry.clientId, 64),
          correlationId: cut(entry.correlationId, 64),
          clientIpAddress: cut(entry.clientIpAddress, 64),
          browserInfo: cut(entry.browserInfo, 512),
          creationTime: new Date().toISOString(),
          extraProperties: JSON.stringify(entry.extraProperties ?? {}),
        }),
      );
    },
  };
}

export type SecurityLogWriter = ReturnType<typeof createSecurityLogWriter>;
