import { BusinessError } from '../../platform/errors/business-error.js';
import type { SmtpConnectionFailure } from '../../platform/mail/smtp-sender.js';

/** A test e-mail whose SMTP server was never reached, by why (ABP shows .NET's exception). */
const SMTP_CONNECTION_FAILED: Readonly<Record<SmtpConnectionFailure, string>> = {
  refused: 'Vineta:SmtpConnectionRefused',
  'name-not-resolved': 'Vineta:SmtpNameNotResolved',
  unreachable: 'Vineta:SmtpUnreachable',
  'timed-out': 'Vineta:SmtpTimedOut',
};

/** The setting-management errors: a test e-mail that could not be sent, 400. */
export const SettingManagementErrors = {
  /** `server`: the host and port that could not be reached. */
  smtpConnectionFailed: (failure: SmtpConnectionFailure, server: string) =>
    new BusinessError(SMTP_CONNECTION_FAILED[failure], { status: 400, data: { 0: server } }),
  /** The server answered and refused: its own words. */
  smtpSendFailed: (message: string) =>
    new BusinessError('Volo.Abp.SettingManagement:SmtpSendFailed', {
      status: 400,
      data: { 0: message },
    }),
} as const;
