import { getSystemErrorName } from 'node:util';
import nodemailer from 'nodemailer';
import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import type { MaybePromise } from '../async/maybe-promise.js';
import { MailSetting } from './mail.settings.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  from?: { address: string; displayName?: string | null } | null;
}

/** ABP's `Abp.Mailing.*` settings, resolved for one tenant. */
export interface SmtpSettings {
  host: string;
  port: number;
  enableSsl: boolean;
  useDefaultCredentials: boolean;
  userName: string | null;
  password: string | null;
  domain: string | null;
  fromAddress: string;
  fromDisplayName: string | null;
}

/**
 * Why no SMTP conversation took place: the server refused the connection, its name does not
 * resolve, no route leads to it, or it did not answer in time.
 */
export type SmtpConnectionFailure = 'refused' | 'name-not-resolved' | 'unreachable' | 'timed-out';

/**
 * A failed send, with the SMTP server's own reply in the message and never the password. When the
 * server was never reached, `connection` says why and `server` names it (`host:port`).
 */
export class SmtpSendError extends Error {
  override name = 'SmtpSendError';
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly responseCode: number | undefined,
    readonly server: string,
    readonly connection?: SmtpConnectionFailure,
  ) {
    super(message);
  }
}

/** The system errors (libuv's names) that say why a connection was not made. */
const connectionFailures: Readonly<Record<string, SmtpConnectionFailure>> = {
  ECONNREFUSED: 'refused',
  EAI_NONAME: 'name-not-resolved',
  EAI_AGAIN: 'name-not-resolved',
  ENOTFOUND: 'name-not-resolved',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ETIMEDOUT: 'timed-out',
};

/** Ports where servers speak plain SMTP first and offer STARTTLS (RFC 5321, RFC 6409). */
const STARTTLS_PORTS = new Set([25, 587]);

/**
 * ABP's settings as nodemailer options. `EnableSsl` came from .NET's SmtpClient, which meant
 * STARTTLS; deployments set it with port 587 as often as with 465. So with SSL on, the usual
 * STARTTLS ports require STARTTLS and every other port (465 above all) uses implicit TLS; the
 * certificate is always verified. With SSL off, STARTTLS is still used when the server offers it,
 * without verifying the certificate (opportunistic, RFC 7435): the administrator accepted
 * plaintext, so unauthenticated encryption can only be better, and it never makes a send fail.
 *
 * `UseDefaultCredentials` (Windows integrated credentials in .NET) means no AUTH here. Nodemailer
 * has no NTLM, so `Domain` is sent as `DOMAIN\user` over LOGIN/PLAIN, which Exchange accepts.
 */
export function transportOptionsFor(
  settings: SmtpSettings,
  options: { trustAnyCertificate?: boolean } = {},
): SMTPTransportOptions {
  const implicitTls = settings.enableSsl && !STARTTLS_PORTS.has(settings.port);
  const verify = settings.enableSsl && !options.trustAnyCertificate;
  const userName = settings.useDefaultCredentials ? null : settings.userName;
  return {
    host: settings.host,
    port: settings.port,
    secure: implicitTls,
    requireTLS: settings.enableSsl && !implicitTls,
    tls: { rejectUnauthorized: verify },
    auth: userName
      ? {
          user: settings.domain ? `${settings.domain}\\${userName}` : userName,
          pass: settings.password ?? '',
        }
      : undefined,
    // Well under the outbox's claim (5 minutes), so a hung server never outlives a claim.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  };
}

const isTrue = (value: string | null) => value?.toLowerCase() === 'true';

/**
 * Sends one message now, over SMTP, with the settings of the ambient tenant (the outbox worker
 * runs each mail inside `withinTenant`). A transport per send: nodemailer's non-pooled transport
 * opens a connection per message anyway, so caching one would save nothing and could go stale.
 */
export function createSmtpSender(deps: {
  settings: { getOrNull(name: string): MaybePromise<string | null> };
  /**
   * Tests only: accept a self-signed certificate when SSL is on. Never set in the application.
   */
  trustAnyCertificateForTests?: boolean;
}) {
  async function resolveSettings(): Promise<SmtpSettings> {
    const get = (name: string) => deps.settings.getOrNull(name);
    const port = Number.parseInt((await get(MailSetting.Port)) ?? '', 10);
    return {
      host: (await get(MailSetting.Host)) || '127.0.0.1',
      port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 25,
      enableSsl: isTrue(await get(MailSetting.EnableSsl)),
      useDefaultCredentials: isTrue(await get(MailSetting.UseDefaultCredentials)),
      userName: (await get(MailSetting.UserName)) || null,
      password: await get(MailSetting.Password),
      domain: (await get(MailSetting.Domain)) || null,
      fromAddress: (await get(MailSetting.DefaultFromAddress)) || 'noreply@vineta.local',
      fromDisplayName: (await get(MailSetting.DefaultFromDisplayName)) || null,
    };
  }

  return {
    resolveSettings,

    /** Throws `SmtpSendError` carrying the server's reply, for the caller to show or record. */
    async sendNow(message: MailMessage): Promise<{ messageId: string }> {
      const settings = await resolveSettings();
      const transport = nodemailer.createTransport(
        transportOptionsFor(settings, { trustAnyCertificate: deps.trustAnyCertificateForTests }),
      );
      const from = message.from ?? {
        address: settings.fromAddress,
        displayName: settings.fromDisplayName,
      };
      try {
        const info = await transport.sendMail({
          from: from.displayName ? { name: from.displayName, address: from.address } : from.address,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
        return { messageId: info.messageId };
      } catch (error) {
        throw toSmtpSendError(error, settings);
      } finally {
        transport.close();
      }
    },
  };
}

export type SmtpSender = ReturnType<typeof createSmtpSender>;

/** Nodemailer's message usually quotes the server's reply; add it when it does not. */
function toSmtpSendError(error: unknown, settings: SmtpSettings): SmtpSendError {
  const details = error as {
    message?: string;
    response?: string;
    code?: string;
    responseCode?: number;
    errno?: number;
  };
  const { password } = settings;
  let message = details.message || String(error);
  if (details.response && !message.includes(details.response.trim())) {
    message = `${message} (${details.response.trim()})`;
  }
  // Defence in depth: no known path puts the password in an error, but it must never be logged.
  if (password) message = message.split(password).join('[redacted]');
  // Nodemailer replaces a socket error's code with its own (ESOCKET, EDNS); its errno stays.
  // A reply code means the server answered, whatever failed after.
  const systemError =
    typeof details.errno === 'number' && details.errno < 0
      ? getSystemErrorName(details.errno)
      : details.code;
  const connection =
    details.responseCode === undefined
      ? (connectionFailures[systemError ?? ''] ?? connectionFailures[details.code ?? ''])
      : undefined;
  const server = `${settings.host}:${settings.port}`;
  return new SmtpSendError(message, details.code, details.responseCode, server, connection);
}
