import { z } from 'zod';
import { emailAddress, optionalString, requiredString } from '../common/fields.js';

/** ABP's `EmailSettingNames` (`Volo.Abp.Emailing`); none is visible to clients. */
export const EmailSettingNames = {
  DefaultFromAddress: 'Abp.Mailing.DefaultFromAddress',
  DefaultFromDisplayName: 'Abp.Mailing.DefaultFromDisplayName',
  Smtp: {
    Host: 'Abp.Mailing.Smtp.Host',
    Port: 'Abp.Mailing.Smtp.Port',
    UserName: 'Abp.Mailing.Smtp.UserName',
    /** Stored encrypted; never returned in clear text. */
    Password: 'Abp.Mailing.Smtp.Password',
    Domain: 'Abp.Mailing.Smtp.Domain',
    EnableSsl: 'Abp.Mailing.Smtp.EnableSsl',
    UseDefaultCredentials: 'Abp.Mailing.Smtp.UseDefaultCredentials',
  },
} as const;

/** Definition defaults (`EmailSettingProvider`); the others have none. */
export const EmailSettingDefaults: Readonly<Record<string, string>> = {
  [EmailSettingNames.DefaultFromAddress]: 'noreply@abp.io',
  [EmailSettingNames.DefaultFromDisplayName]: 'ABP application',
  [EmailSettingNames.Smtp.Host]: '127.0.0.1',
  [EmailSettingNames.Smtp.Port]: '25',
  [EmailSettingNames.Smtp.EnableSsl]: 'false',
  [EmailSettingNames.Smtp.UseDefaultCredentials]: 'true',
};

export const EmailSettingLimits = {
  maxValueLength: 1024,
  maxSmtpHostLength: 256,
  minSmtpPort: 1,
  maxSmtpPort: 65535,
} as const;

const L = EmailSettingLimits;

/**
 * Answer of `GET /api/setting-management/emailing`. Departure from ABP, which returns the
 * decrypted password: `smtpPassword` is always `""` and `hasSmtpPassword` tells whether one is
 * stored (DESIGN: secrets never go back to a client in clear text).
 */
export const EmailSettingsDto = z
  .object({
    defaultFromDisplayName: z.string().nullable(),
    defaultFromAddress: z.string().nullable(),
    smtpHost: z.string().nullable(),
    smtpPort: z.int(),
    smtpEnableSsl: z.boolean(),
    smtpUseDefaultCredentials: z.boolean(),
    smtpDomain: z.string().nullable(),
    smtpUserName: z.string().nullable(),
    smtpPassword: z
      .literal('')
      .describe('Never returned in clear text: always "". See hasSmtpPassword.'),
    hasSmtpPassword: z.boolean().describe('Whether an SMTP password is stored.'),
  })
  .meta({ id: 'EmailSettingsDto' });
export type EmailSettingsDto = z.infer<typeof EmailSettingsDto>;

/** Body of `POST /api/setting-management/emailing` (POST, as ABP). */
export const UpdateEmailSettingsDto = z
  .object({
    defaultFromDisplayName: requiredString(L.maxValueLength),
    defaultFromAddress: emailAddress(L.maxValueLength),
    smtpHost: optionalString(L.maxSmtpHostLength),
    smtpPort: z.int().min(L.minSmtpPort).max(L.maxSmtpPort),
    smtpEnableSsl: z.boolean().default(false),
    smtpUseDefaultCredentials: z.boolean().default(false),
    smtpDomain: optionalString(L.maxValueLength),
    smtpUserName: optionalString(L.maxValueLength),
    smtpPassword: optionalString(L.maxValueLength).describe(
      'Empty or absent: the stored password is kept (unless clearSmtpPassword).',
    ),
    clearSmtpPassword: z
      .boolean()
      .default(false)
      .describe(
        'Not in ABP (whose GET returns the password for the form to send back): true removes the stored password. A non-empty smtpPassword is stored instead.',
      ),
  })
  .meta({ id: 'UpdateEmailSettingsDto' });
export type UpdateEmailSettingsDto = z.infer<typeof UpdateEmailSettingsDto>;

/** Body of `POST /api/setting-management/emailing/send-test-email` (`…Emailing.Test`). */
export const SendTestEmailInput = z
  .object({
    senderEmailAddress: emailAddress(L.maxValueLength),
    targetEmailAddress: emailAddress(L.maxValueLength),
    subject: requiredString(L.maxValueLength),
    body: z.string().nullish(),
  })
  .meta({ id: 'SendTestEmailInput' });
export type SendTestEmailInput = z.infer<typeof SendTestEmailInput>;
