import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createSelfSignedCertificate,
  type SmtpTestServer,
  startSmtpTestServer,
} from '../../../test/smtp-test-server.js';
import { MailSetting } from './mail.settings.js';
import {
  createSmtpSender,
  SmtpSendError,
  type SmtpSettings,
  transportOptionsFor,
} from './smtp-sender.js';

// The sender on its own, with settings from a plain map; tenancy is covered by the worker's tests.
const settingsFrom = (values: Record<string, string>) => ({
  getOrNull: async (name: string) => values[name] ?? null,
});

const message = { to: 'ana@example.com', subject: 'Hola', text: 'Texto', html: '<p>HTML</p>' };
let certificate: { key: string; cert: string };
let server: SmtpTestServer | undefined;

beforeAll(() => {
  certificate = createSelfSignedCertificate();
});

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('transportOptionsFor', () => {
  const base: SmtpSettings = {
    host: 'smtp.example.com',
    port: 25,
    enableSsl: false,
    useDefaultCredentials: true,
    userName: null,
    password: null,
    domain: null,
    fromAddress: 'noreply@example.com',
    fromDisplayName: null,
  };

  it('uses implicit TLS with SSL on, except on the STARTTLS ports where STARTTLS is required', () => {
    expect(transportOptionsFor({ ...base, enableSsl: true, port: 465 })).toMatchObject({
      secure: true,
      requireTLS: false,
      tls: { rejectUnauthorized: true },
    });
    expect(transportOptionsFor({ ...base, enableSsl: true, port: 587 })).toMatchObject({
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: true },
    });
  });

  it('with SSL off, upgrades opportunistically and sends no credentials for default credentials', () => {
    const options = transportOptionsFor({ ...base, userName: 'ana', password: 'x' });
    expect(options).toMatchObject({ secure: false, requireTLS: false });
    expect(options.tls?.rejectUnauthorized).toBe(false);
    expect(options.auth).toBeUndefined();
  });

  it('logs in as DOMAIN\\user when a domain is set', () => {
    const options = transportOptionsFor({
      ...base,
      useDefaultCredentials: false,
      userName: 'ana',
      password: 'secret',
      domain: 'CORP',
    });
    expect(options.auth).toEqual({ user: 'CORP\\ana', pass: 'secret' });
  });
});

describe('sendNow', () => {
  it('sends the text and HTML parts from the default sender', async () => {
    server = await startSmtpTestServer();
    const sender = createSmtpSender({
      settings: settingsFrom({
        [MailSetting.Port]: String(server.port),
        [MailSetting.DefaultFromAddress]: 'app@example.com',
        [MailSetting.DefaultFromDisplayName]: 'Viñeta',
      }),
    });
    await sender.sendNow(message);
    const [mail] = server.received;
    expect(mail).toMatchObject({ from: 'app@example.com', to: ['ana@example.com'], text: 'Texto' });
    expect(mail?.html).toBe('<p>HTML</p>');
    expect(mail?.headers.from).toBe('Viñeta <app@example.com>');
  });

  it('authenticates, and reports the server reply without the password when refused', async () => {
    server = await startSmtpTestServer({ auth: { user: 'CORP\\ana', pass: 's3cret!' } });
    const settings = {
      [MailSetting.Port]: String(server.port),
      [MailSetting.UseDefaultCredentials]: 'False',
      [MailSetting.UserName]: 'ana',
      [MailSetting.Domain]: 'CORP',
      [MailSetting.Password]: 's3cret!',
    };
    await createSmtpSender({ settings: settingsFrom(settings) }).sendNow(message);
    expect(server.received[0]?.user).toBe('CORP\\ana');

    const wrong = createSmtpSender({
      settings: settingsFrom({ ...settings, [MailSetting.Password]: 'wrong-password' }),
    });
    const error = await wrong.sendNow(message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmtpSendError);
    expect((error as SmtpSendError).message).toContain(
      'Invalid username or password (test server)',
    );
    expect((error as SmtpSendError).message).not.toContain('wrong-password');
    expect((error as SmtpSendError).responseCode).toBe(535);
    // The server answered: not a connection failure.
    expect((error as SmtpSendError).connection).toBeUndefined();
  });

  it('says why a server that was never reached was not, and names it', async () => {
    // A port that was listening a moment ago and no longer is: the connection is refused.
    server = await startSmtpTestServer();
    const closedPort = server.port;
    await server.close();
    server = undefined;
    const failureOf = (values: Record<string, string>) =>
      createSmtpSender({ settings: settingsFrom(values) })
        .sendNow(message)
        .then(
          () => undefined,
          (caught: unknown) => caught as SmtpSendError,
        );

    const refused = await failureOf({ [MailSetting.Port]: String(closedPort) });
    expect(refused).toBeInstanceOf(SmtpSendError);
    expect([refused?.connection, refused?.server]).toEqual(['refused', `127.0.0.1:${closedPort}`]);

    // `.invalid` never resolves (RFC 2606).
    const unknown = await failureOf({
      [MailSetting.Host]: 'smtp.vineta.invalid',
      [MailSetting.Port]: '587',
    });
    expect([unknown?.connection, unknown?.server]).toEqual([
      'name-not-resolved',
      'smtp.vineta.invalid:587',
    ]);
  });

  it('with default credentials, sends no login even when a user and password are stored', async () => {
    const stored = {
      [MailSetting.UseDefaultCredentials]: 'True',
      [MailSetting.UserName]: 'ana',
      [MailSetting.Password]: 's3cret!',
    };
    server = await startSmtpTestServer();
    await createSmtpSender({
      settings: settingsFrom({ ...stored, [MailSetting.Port]: String(server.port) }),
    }).sendNow(message);
    expect(server.received[0]?.user).toBeUndefined();
    await server.close();

    // A server that insists on a login refuses the mail, and says so.
    server = await startSmtpTestServer({ auth: { user: 'ana', pass: 's3cret!' } });
    const refused = createSmtpSender({
      settings: settingsFrom({ ...stored, [MailSetting.Port]: String(server.port) }),
    });
    const error = await refused.sendNow(message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmtpSendError);
    expect((error as SmtpSendError).responseCode).toBe(530);
    expect(server.received).toHaveLength(0);
  });

  it('speaks implicit TLS with SSL on, and verifies the certificate', async () => {
    server = await startSmtpTestServer({ secure: true, tls: certificate });
    const settings = settingsFrom({
      [MailSetting.Port]: String(server.port),
      [MailSetting.EnableSsl]: 'True',
    });
    const untrusting = createSmtpSender({ settings });
    await expect(untrusting.sendNow(message)).rejects.toThrow(/self[- ]signed/i);

    await createSmtpSender({ settings, trustAnyCertificateForTests: true }).sendNow(message);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.secure).toBe(true);
  });

  it('with SSL off, still upgrades with STARTTLS when the server offers it', async () => {
    server = await startSmtpTestServer({ starttls: true, tls: certificate });
    const sender = createSmtpSender({
      settings: settingsFrom({ [MailSetting.Port]: String(server.port) }),
    });
    await sender.sendNow(message);
    expect(server.received[0]?.secure).toBe(true);
  });

  it('surfaces a connection failure', async () => {
    server = await startSmtpTestServer();
    const port = server.port;
    await server.close();
    server = undefined;
    const sender = createSmtpSender({
      settings: settingsFrom({ [MailSetting.Port]: String(port) }),
    });
    await expect(sender.sendNow(message)).rejects.toThrow(/ECONNREFUSED/);
  });
});
