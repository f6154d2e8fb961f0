import type { ColumnType, Generated } from 'kysely';
import type { MultiTenantColumn } from '../data/entity-columns.js';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'dead';

/**
 * `mail_outbox`: one e-mail promised by a committed business change, rendered at enqueue time.
 * Tenant-owned (the tenant whose SMTP settings send it); the worker reads it across all tenants.
 */
export interface MailOutboxTable extends MultiTenantColumn {
  id: string;
  toAddress: string;
  culture: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** Overrides the tenant's `Abp.Mailing.DefaultFromAddress` / `DefaultFromDisplayName`. */
  fromAddress: string | null;
  fromDisplayName: string | null;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  /** Claims so far; also the fencing token that lets only the current claimant settle a row. */
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  lockedUntil: string | null;
  createdAt: string;
  sentAt: string | null;
}
