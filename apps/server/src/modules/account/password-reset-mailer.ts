import { formatDuration } from '../../platform/localization/duration.js';
import type { Localizer } from '../../platform/localization/localizer.js';
import type { OutgoingMail } from '../../platform/mail/mail-outbox.js';
import type { MailTemplates } from '../../platform/mail/mail-templates.js';

interface PasswordResetMail {
  to: string;
  userName: string;
  /** Whose SMTP settings send it. */
  tenantId: string | null;
  /** Named in the mail, for someone with accounts in several tenants; null for the host. */
  tenantName: string | null;
  culture: string;
  link: string;
  /** How long the link works, for the text. */
  lifetimeSeconds: number;
}

/**
 * Sends the password-reset e-mail. Called inside a transaction: the outbox stores the mail with
 * it, and its worker delivers (and retries) once committed.
 */
export interface PasswordResetMailer {
  send(mail: PasswordResetMail): Promise<void>;
}

/** The reset mail in the recipient's culture (resource `Vineta`, `Email:PasswordReset:*`), queued. */
export function createOutboxPasswordResetMailer(deps: {
  outbox: { enqueue(mail: OutgoingMail): Promise<unknown> };
  templates: MailTemplates;
  localizer: Localizer;
}): PasswordResetMailer {
  const { localizer } = deps;
  return {
    async send(mail) {
      const text = (key: string, data?: Record<string, unknown>) =>
        localizer.text('Vineta', `Email:PasswordReset:${key}`, mail.culture, data);
      const rendered = deps.templates.render(mail.culture, {
        subject: text('Subject'),
        paragraphs: [
          text('Greeting', { 0: mail.userName }),
          text('Body', { 0: mail.userName, 1: formatDuration(mail.lifetimeSeconds, mail.culture) }),
          ...(mail.tenantName ? [text('Tenant', { 0: mail.tenantName })] : []),
          text('Ignore'),
        ],
        button: {
          text: text('Button'),
          url: mail.link,
          fallback: text('LinkFallback', { 0: mail.link }),
        },
      });
      await deps.outbox.enqueue({
        to: mail.to,
        tenantId: mail.tenantId,
        culture: mail.culture,
        ...rendered,
      });
    },
  };
}
