import { requiredMessageKey } from '@vineta/contracts/common/fields';
import {
  type EmailSettingsDto,
  EmailSettingLimits as L,
  UpdateEmailSettingsDto,
} from '@vineta/contracts/setting-management/email-settings';
import { z } from 'zod';
import { encodeValidation } from '#src/theme/form/validation-message';

/**
 * The port is typed as text, so the form checks it as text and the save turns it into a number:
 * empty is 'required' (SPEC.md section 5), then a whole number between 1 and 65535 (a negative
 * one is told the minimum, as 0 is).
 */
const smtpPortText = z.string().superRefine((value, context) => {
  const text = value.trim();
  const port = Number(text);
  let message: string | undefined;
  if (text === '') message = requiredMessageKey;
  else if (!/^[-+]?\d+$/.test(text)) message = encodeValidation('invalid');
  else if (port < L.minSmtpPort)
    message = encodeValidation('min', { min: L.minSmtpPort, actual: text });
  else if (port > L.maxSmtpPort)
    message = encodeValidation('max', { max: L.maxSmtpPort, actual: text });
  if (message) context.addIssue({ code: 'custom', message, input: value });
});

/** The server's rules (required display name and address, lengths) with the port as text. */
export const EmailSettingsForm = UpdateEmailSettingsDto.extend({
  smtpHost: z.string().max(L.maxSmtpHostLength),
  smtpPort: smtpPortText,
  smtpEnableSsl: z.boolean(),
  smtpUseDefaultCredentials: z.boolean(),
  smtpDomain: z.string().max(L.maxValueLength),
  smtpUserName: z.string().max(L.maxValueLength),
  smtpPassword: z.string().max(L.maxValueLength),
  clearSmtpPassword: z.boolean(),
});
export type EmailSettingsForm = z.infer<typeof EmailSettingsForm>;

/** The form's fields in SPEC.md's order; also the members the server's errors may name. */
export const emailSettingsFields = [
  'defaultFromDisplayName',
  'defaultFromAddress',
  'smtpHost',
  'smtpPort',
  'smtpEnableSsl',
  'smtpUseDefaultCredentials',
  'smtpDomain',
  'smtpUserName',
  'smtpPassword',
  'clearSmtpPassword',
] as const satisfies readonly (keyof EmailSettingsForm)[];

/** The stored values as form values; the password field always starts empty. */
export function toFormValues(settings: EmailSettingsDto): EmailSettingsForm {
  return {
    defaultFromDisplayName: settings.defaultFromDisplayName ?? '',
    defaultFromAddress: settings.defaultFromAddress ?? '',
    smtpHost: settings.smtpHost ?? '',
    smtpPort: String(settings.smtpPort),
    smtpEnableSsl: settings.smtpEnableSsl,
    smtpUseDefaultCredentials: settings.smtpUseDefaultCredentials,
    smtpDomain: settings.smtpDomain ?? '',
    smtpUserName: settings.smtpUserName ?? '',
    smtpPassword: '',
    clearSmtpPassword: false,
  };
}

/** The body of the save; an empty password means 'keep the stored one' unless it is removed. */
export function toUpdateInput(values: EmailSettingsForm): UpdateEmailSettingsDto {
  const smtpPassword = values.clearSmtpPassword ? '' : values.smtpPassword;
  return { ...values, smtpPassword, smtpPort: Number(values.smtpPort.trim()) };
}
