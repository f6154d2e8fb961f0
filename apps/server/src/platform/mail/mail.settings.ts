import type { SettingDefinitionInput } from '../settings/setting-definitions.js';

export const MailSetting = {
  Host: 'Abp.Mailing.Smtp.Host',
  Port: 'Abp.Mailing.Smtp.Port',
  UserName: 'Abp.Mailing.Smtp.UserName',
  Password: 'Abp.Mailing.Smtp.Password',
  Domain: 'Abp.Mailing.Smtp.Domain',
  EnableSsl: 'Abp.Mailing.Smtp.EnableSsl',
  UseDefaultCredentials: 'Abp.Mailing.Smtp.UseDefaultCredentials',
  DefaultFromAddress: 'Abp.Mailing.DefaultFromAddress',
  DefaultFromDisplayName: 'Abp.Mailing.DefaultFromDisplayName',
} as const;

const mailing = (
  name: string,
  defaultValue: string | null,
  isEncrypted = false,
): SettingDefinitionInput => ({
  name,
  defaultValue,
  isEncrypted,
  isVisibleToClients: false,
  displayName: { resource: 'Vineta', key: `DisplayName:${name}` },
});

/** ABP's e-mail settings and defaults; the sender's name is the application's. Never visible to clients. */
export function mailSettings(applicationName: string): SettingDefinitionInput[] {
  return [
    mailing(MailSetting.Host, '127.0.0.1'),
    mailing(MailSetting.Port, '25'),
    mailing(MailSetting.UserName, null),
    mailing(MailSetting.Password, null, true),
    mailing(MailSetting.Domain, null),
    mailing(MailSetting.EnableSsl, 'false'),
    mailing(MailSetting.UseDefaultCredentials, 'true'),
    mailing(MailSetting.DefaultFromAddress, 'noreply@vineta.local'),
    mailing(MailSetting.DefaultFromDisplayName, applicationName),
  ];
}
