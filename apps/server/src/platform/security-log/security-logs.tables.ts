import type { MultiTenantColumn } from '../data/entity-columns.js';

export interface SecurityLogsTable extends MultiTenantColumn {
  id: string;
  applicationName: string | null;
  identity: string | null;
  action: string | null;
  userId: string | null;
  userName: string | null;
  /** `userName` folded (security-log.repository.ts), for a filter that ignores case and accents. */
  normalizedUserName: string | null;
  tenantName: string | null;
  clientId: string | null;
  correlationId: string | null;
  clientIpAddress: string | null;
  browserInfo: string | null;
  creationTime: string;
  extraProperties: string;
}
