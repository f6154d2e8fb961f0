import type { OutboxRepository } from './outbox.repository.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The plain-text part; every mail has one. */
  text: string;
  /** The HTML part (see `mail-templates.ts`). */
  html?: string | null;
  /** The recipient's culture, kept for the record: the content is already rendered in it. */
  culture: string;
  /**
   * Whose SMTP settings send the mail (`null`: the host's). Omitted: the ambient tenant, which
   * must then be known (a request's, or `withinTenant`).
   */
  tenantId?: string | null;
  /** Overrides the tenant's default sender (`Abp.Mailing.DefaultFromAddress` / `…DisplayName`). */
  from?: { address: string; displayName?: string | null } | null;
}

/**
 * The only way the application sends mail. `enqueue` writes the rendered mail in the caller's
 * ambient transaction, so the mail exists if and only if the business change commits, and wakes
 * the worker once it has. Delivery, retries and the dead state are the worker's business.
 */
export function createMailOutbox(deps: {
  data: { afterCommit(work: () => Promise<void>): Promise<void> };
  repository: OutboxRepository;
  /** Wakes the local worker; other instances find the row on their next poll. */
  nudge: () => void;
}) {
  return {
    async enqueue(mail: OutgoingMail): Promise<{ id: string }> {
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      await deps.repository.insert({
        id,
        // Present only when given: otherwise the tenant filter fills in the ambient tenant.
        ...(mail.tenantId === undefined ? {} : { tenantId: mail.tenantId }),
        toAddress: mail.to,
        culture: mail.culture,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        fromAddress: mail.from?.address ?? null,
        fromDisplayName: mail.from?.displayName ?? null,
        status: 'pending',
        nextAttemptAt: now,
        lastError: null,
        lockedUntil: null,
        createdAt: now,
        sentAt: null,
      });
      await deps.data.afterCommit(async () => deps.nudge());
      return { id };
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
