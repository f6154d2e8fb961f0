import type {
  EmailSettingsDto,
  SendTestEmailInput,
  UpdateEmailSettingsDto,
} from '@vineta/contracts/setting-management/email-settings';
import { currentDataScope } from '../../platform/data/data-scope.js';
import { BusinessError } from '../../platform/errors/business-error.js';
import { MailSetting } from '../../platform/mail/mail.settings.js';
import {
  type MailMessage,
  type SmtpConnectionFailure,
  SmtpSendError,
} from '../../platform/mail/smtp-sender.js';
import { type SettingManager, SettingProvider } from '../../platform/settings/setting-manager.js';

export const SMTP_SEND_FAILED = 'Volo.Abp.SettingManagement:SmtpSendFailed';
/** A test e-mail whose SMTP server was never reached, by why (ABP shows .NET's exception). */
export const SMTP_CONNECTION_FAILED: Readonly<Record<SmtpConnectionFailure, string>> = {
  refused: 'Vineta:SmtpConnectionRefused',
  'name-not-resolved': 'Vineta:SmtpNameNotResolved',
  unreachable: 'Vineta:SmtpUnreachable',
  'timed-out': 'Vineta:SmtpTimedOut',
};

const isTrue = (value: string | null) => value?.toLowerCase() === 'true';

/**
 * ABP 5+'s `EmailSettingsAppService` for the current side: the host reads and writes global
 * values; a tenant reads its own values falling back to the host's and writes its own.
 *
 * Two departures, both about the password. It is never returned (`smtpPassword` is always '',
 * `hasSmtpPassword` says whether a save without one keeps one), and an empty password on save
 * keeps the stored one (`clearSmtpPassword` removes it: without ABP's round trip of the password
 * there is no other way).
 * A tenant that saves stores every field itself, its password included ('' when it has none):
 * otherwise a tenant could point the host's SMTP user and password at a server of its own.
 */
export function createEmailSettingsService(deps: {
  data: { transaction<T>(work: () => Promise<T>): Promise<T> };
  settings: SettingManager;
  mailSender: { sendNow(message: MailMessage): Promise<unknown> };
}) {
  const { settings } = deps;
  const currentTenant = () => currentDataScope()?.tenantId ?? null;
  /**
   * The password a save without one keeps: the host's, or the tenant's own. Never the host's for
   * a tenant, although it sends with it until it saves its own values: a tenant's save does not
   * carry it over (see above), so the form must not promise to keep it.
   */
  const keptPassword = (tenantId: string | null) =>
    tenantId === null
      ? settings.getOrNull(MailSetting.Password, { tenantId: null, userId: null })
      : settings.getForProvider(MailSetting.Password, SettingProvider.Tenant, tenantId);

  return {
    async get(): Promise<EmailSettingsDto> {
      // User-level values do not apply to the sending configuration.
      const context = { tenantId: currentTenant(), userId: null };
      const value = (name: string) => settings.getOrNull(name, context);
      const port = Number.parseInt((await value(MailSetting.Port)) ?? '', 10);
      return {
        defaultFromDisplayName: await value(MailSetting.DefaultFromDisplayName),
        defaultFromAddress: await value(MailSetting.DefaultFromAddress),
        smtpHost: await value(MailSetting.Host),
        smtpPort: Number.isInteger(port) ? port : 25,
        smtpEnableSsl: isTrue(await value(MailSetting.EnableSsl)),
        smtpUseDefaultCredentials: isTrue(await value(MailSetting.UseDefaultCredentials)),
        smtpDomain: await value(MailSetting.Domain),
        smtpUserName: await value(MailSetting.UserName),
        smtpPassword: '',
        hasSmtpPassword: Boolean(await keptPassword(context.tenantId)),
      };
    },

    async update(input: UpdateEmailSettingsDto): Promise<void> {
      const tenantId = currentTenant();
      const [provider, key] =
        tenantId === null ? [SettingProvider.Global, ''] : [SettingProvider.Tenant, tenantId];
      // The host's empty values fall back to the defaults; a tenant's stay empty (see above).
      const text = (value: string | null | undefined) =>
        value ? value : tenantId === null ? null : '';
      const values: [string, string | null][] = [
        [MailSetting.DefaultFromDisplayName, input.defaultFromDisplayName],
        [MailSetting.DefaultFromAddress, input.defaultFromAddress],
        [MailSetting.Host, text(input.smtpHost)],
        [MailSetting.Port, String(input.smtpPort)],
        [MailSetting.EnableSsl, String(input.smtpEnableSsl)],
        [MailSetting.UseDefaultCredentials, String(input.smtpUseDefaultCredentials)],
        [MailSetting.Domain, text(input.smtpDomain)],
        [MailSetting.UserName, text(input.smtpUserName)],
      ];
      await deps.data.transaction(async () => {
        for (const [name, value] of values)
          await settings.setForProvider(name, value, provider, key);
        if (input.smtpPassword) {
          await settings.setForProvider(MailSetting.Password, input.smtpPassword, provider, key);
        } else if (input.clearSmtpPassword) {
          await settings.setForProvider(MailSetting.Password, text(null), provider, key);
        } else if (
          tenantId !== null &&
          (await settings.getForProvider(MailSetting.Password, provider, key)) === null
        ) {
          await settings.setForProvider(MailSetting.Password, '', provider, key);
        }
      });
    },

    /**
     * Sends now with the current side's settings; on failure, the SMTP server's own reply, or why
     * it could not be reached.
     */
    async sendTestEmail(input: SendTestEmailInput): Promise<void> {
      try {
        await deps.mailSender.sendNow({
          to: input.targetEmailAddress,
          subject: input.subject,
          text: input.body ?? '',
          from: { address: input.senderEmailAddress },
        });
      } catch (error) {
        if (!(error instanceof SmtpSendError)) throw error;
        // Never reached: say why in the reader's language, rather than a socket error's text
        // presented as the server's answer.
        if (error.connection) {
          throw new BusinessError(SMTP_CONNECTION_FAILED[error.connection], {
            status: 400,
            data: { 0: error.server },
          });
        }
        throw new BusinessError(SMTP_SEND_FAILED, { status: 400, data: { 0: error.message } });
      }
    },
  };
}

export type EmailSettingsService = ReturnType<typeof createEmailSettingsService>;
