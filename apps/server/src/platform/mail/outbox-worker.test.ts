import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailOutboxKit, type MailOutboxKit } from '../../../test/mail-outbox-test-kit.js';
import {
  createSelfSignedCertificate,
  type SmtpTestServer,
  startSmtpTestServer,
  waitFor,
} from '../../../test/smtp-test-server.js';
import { withinTenant } from '../data/data-scope.js';
import { MailSetting } from './mail.settings.js';
import { backoffDelay } from './outbox-worker.js';

const TENANT = '00000000-0000-4000-8000-0000000000a1';
const mail = (to: string) => ({
  to,
  subject: 'Restablecer contraseña',
  text: 'Hola, Ana.',
  html: '<p>Hola, <b>Ana</b>.</p>',
  culture: 'es-MX',
});

let kit: MailOutboxKit;
const servers: SmtpTestServer[] = [];
const serve = async (options: Parameters<typeof startSmtpTestServer>[0] = {}) => {
  const server = await startSmtpTestServer(options);
  servers.push(server);
  return server;
};

beforeAll(async () => {
  kit = await createMailOutboxKit();
});
afterEach(async () => {
  await kit.reset();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => kit.close());

describe('outbox worker delivery', () => {
  it("sends each mail with its tenant's settings, a tenant value overriding the global one", async () => {
    const hostServer = await serve();
    const tenantServer = await serve();
    await kit.setGlobal(MailSetting.Port, String(hostServer.port));
    await kit.setGlobal(MailSetting.DefaultFromAddress, 'host@example.com');
    await kit.setForTenant(TENANT, MailSetting.Port, String(tenantServer.port));
    await kit.setForTenant(TENANT, MailSetting.DefaultFromAddress, 'tenant@example.com');
    const { outbox, start } = kit.worker();
    start();

    // The ambient tenant owns a mail enqueued without one; an explicit `null` is the host.
    const { id } = await withinTenant(TENANT, () => outbox.enqueue(mail('ana@tenant.example')));
    await outbox.enqueue({ ...mail('root@host.example'), tenantId: null });

    const tenantMail = await waitFor(() => tenantServer.received[0]);
    const hostMail = await waitFor(() => hostServer.received[0]);
    expect(tenantMail).toMatchObject({
      from: 'tenant@example.com',
      to: ['ana@tenant.example'],
      text: 'Hola, Ana.',
      html: '<p>Hola, <b>Ana</b>.</p>',
    });
    expect(tenantMail.headers.subject).toBe('Restablecer contraseña');
    expect(hostMail).toMatchObject({ from: 'host@example.com', to: ['root@host.example'] });
    expect(tenantServer.received).toHaveLength(1);
    expect(hostServer.received).toHaveLength(1);

    const row = await waitFor(async () => {
      const found = await kit.repository.find(id);
      return found?.status === 'sent' && found;
    });
    expect(row).toMatchObject({
      tenantId: TENANT,
      attempts: 1,
      lockedUntil: null,
      lastError: null,
    });
    expect(row.sentAt).toBeTruthy();
  });

  it('retries a refused login with backoff, then marks the mail dead and logs the server reply', async () => {
    const server = await serve({ auth: { user: 'ana', pass: 'right-password' } });
    await kit.setGlobal(MailSetting.Port, String(server.port));
    await kit.setGlobal(MailSetting.UseDefaultCredentials, 'False');
    await kit.setGlobal(MailSetting.UserName, 'ana');
    await kit.setGlobal(MailSetting.Password, 'wrong-password');
    const { outbox, start, logs } = kit.worker({ maxAttempts: 3 });
    start();

    const { id } = await outbox.enqueue({ ...mail('ana@example.com'), tenantId: null });
    const row = await waitFor(async () => {
      const found = await kit.repository.find(id);
      return found?.status === 'dead' && found;
    });
    expect(row.attempts).toBe(3);
    expect(row.lastError).toContain('535');
    expect(row.lastError).toContain('Invalid username or password (test server)');
    expect(logs.filter((entry) => entry.level === 'warn')).toHaveLength(2);
    const dead = logs.filter((entry) => entry.level === 'error');
    expect(dead).toHaveLength(1);
    expect(dead[0]?.details).toMatchObject({ mailId: id, attempt: 3 });
    expect(String(dead[0]?.details.error)).toContain('Invalid username or password (test server)');
    expect(JSON.stringify(logs)).not.toContain('wrong-password');
    expect(JSON.stringify(await kit.rows())).not.toContain('wrong-password');
    expect(server.received).toHaveLength(0);

    // The administrator fixes the password: the next mail goes out.
    await kit.setGlobal(MailSetting.Password, 'right-password');
    await outbox.enqueue({ ...mail('ana@example.com'), tenantId: null });
    expect((await waitFor(() => server.received[0])).user).toBe('ana');
  });

  it('delivers over implicit TLS when the tenant turns SSL on', async () => {
    const server = await serve({ secure: true, tls: createSelfSignedCertificate() });
    await kit.setForTenant(TENANT, MailSetting.Port, String(server.port));
    await kit.setForTenant(TENANT, MailSetting.EnableSsl, 'True');
    const { outbox, start } = kit.worker();
    start();
    await outbox.enqueue({ ...mail('ana@example.com'), tenantId: TENANT });
    expect((await waitFor(() => server.received[0])).secure).toBe(true);
  });
});

describe('backoff', () => {
  it('waits 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, then 12 h between attempts', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8].map(
      (attempt) => backoffDelay(attempt, 30_000) / 60_000,
    );
    expect(minutes).toEqual([0.5, 2, 10, 60, 180, 360, 720, 720]);
  });
});
