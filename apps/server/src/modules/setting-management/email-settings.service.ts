import type {
  EmailSettingsDto,
  SendTestEmailInput,
  UpdateEmailSettingsDto,
} from '@vineta/contracts/setting-management/email-settings';
import { currentDataScope } from '../../platform/data/data-scope.js';
import { MailSetting } from '../../platform/mail/mail.settings.js';
import { type MailMessage, SmtpSendError } from '../../platform/mail/smtp-sender.js';
import { type SettingManager, SettingProvider } from '../../platform/settings/setting-manager.js';
import { SettingManagementErrors } from './setting-management.errors.js';

const isTrue = (value: string | null) => value?.toLowerCase() === 'true';

/** Where and as whom the SMTP password is sent. */
const LOGIN = [
  MailSetting.Host,
  MailSetting.Port,
  MailSetting.EnableSsl,
  MailSetting.Domain,
  MailSetting.UserName,
];

/**
 * ABP 5+'s `EmailSettingsAppService` for the current side: the host reads and writes global
 * values; a tenant reads its own values falling back to the host's and writes its own.
 * As ABP's `SettingManager`, a value equal to the one inherited (the host's for a tenant, the
 * configuration's or the default for the host) is not stored, so an unchanged save keeps
 * following the host or the deployment.
 *
 * Two departures, both about the password. It is never returned (`smtpPassword` is always '',
 * `hasSmtpPassword` says whether a save without one keeps one), and an empty password on save
 * keeps the stored one (`clearSmtpPassword` removes it: without ABP's round trip of the password
 * there is no other way).
 * A tenant inherits the host's password only while it uses the host's server and login (LOGIN);
 * once it has a server or login of its own it never does ('' when it has none): otherwise a
 * tenant could point the host's SMTP user and password at a server of its own.
 */
export function createEmailSettingsService(deps: {
  data: { transaction<T>(work: () => Promise<T>): Promise<T> };
  settings: SettingManager;
  mailSender: { sendNow(message: MailMessage): Promise<unknown> };
}) {
  const { settings } = deps;
  const currentTenant = () => currentDataScope()?.tenantId ?? null;
  const own = (name: string, tenantId: string) =>
    settings.getForProvider(name, SettingProvider.Tenant, tenantId);
  /** The password a save without one keeps: the host's, or the tenant's (see above). */
  const keptPassword = async (tenantId: string | null) => {
    if (tenantId === null)
      return settings.getOrNull(MailSetting.Password, { tenantId: null, userId: null });
    const stored = await own(MailSetting.Password, tenantId);
    if (stored !== null) return stored;
    for (const name of LOGIN) if ((await own(name, tenantId)) !== null) return null;
    return settings.getFallback(MailSetting.Password, SettingProvider.Tenant, tenantId);
  };

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
      const values: [string, string | null | undefined][] = [
        [MailSetting.DefaultFromDisplayName, input.defaultFromDisplayName],
        [MailSetting.DefaultFromAddress, input.defaultFromAddress],
        [MailSetting.Host, input.smtpHost],
        [MailSetting.Port, String(input.smtpPort)],
        [MailSetting.EnableSsl, String(input.smtpEnableSsl)],
        [MailSetting.UseDefaultCredentials, String(input.smtpUseDefaultCredentials)],
        [MailSetting.Domain, input.smtpDomain],
        [MailSetting.UserName, input.smtpUserName],
      ];
      await deps.data.transaction(async () => {
        const ownValues = new Set<string>();
        for (const [name, value] of values) {
          const inherited = await settings.getFallback(name, provider, key);
          // The host's empty values fall back to the defaults; a tenant's stay empty unless it
          // inherits none either (null and '' both mean none).
          const toStore = value ? value : tenantId === null || !inherited ? null : '';
          if (toStore !== null && toStore !== inherited) ownValues.add(name);
          await settings.setForProvider(name, toStore, provider, key);
        }
        const password = (value: string | null, options?: { forceToSet: boolean }) =>
          settings.setForProvider(MailSetting.Password, value, provider, key, options);
        if (tenantId === null) {
          if (input.smtpPassword) await password(input.smtpPassword);
          else if (input.clearSmtpPassword) await password(null);
          return;
        }
        const ownLogin = LOGIN.some((name) => ownValues.has(name));
        const stored = await own(MailSetting.Password, tenantId);
        if (input.smtpPassword) {
          // On a server of its own, even the host's password is the tenant's: it must not
          // follow the host's later changes there.
          await password(input.smtpPassword, { forceToSet: ownLogin });
        } else if (!ownLogin) {
          // On the host's login an empty password never works: the host's applies (clearing
          // removes only the tenant's own, and repairs the '' earlier saves stored).
          if (stored !== null && (input.clearSmtpPassword || stored === '')) await password(null);
        } else if (input.clearSmtpPassword || stored === null) {
          await password('', { forceToSet: true });
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
          throw SettingManagementErrors.smtpConnectionFailed(error.connection, error.server);
        }
        throw SettingManagementErrors.smtpSendFailed(error.message);
      }
    },
  };
}

export type EmailSettingsService = ReturnType<typeof createEmailSettingsService>;
