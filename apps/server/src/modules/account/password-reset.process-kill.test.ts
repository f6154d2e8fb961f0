import { createServer, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from '../../../test/app-process.js';
import { TEST_ADMIN_PASSWORD, testAppEnvironment } from '../../../test/create-test-app.js';
import {
  freePort,
  type SmtpTestServer,
  startSmtpTestServer,
  waitFor,
} from '../../../test/smtp-test-server.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';

// Issue 3: "nothing is lost if SMTP is down or the process dies". The outbox's own tests stop a
// worker politely; here the server's process is killed (SIGKILL, as the kernel's OOM killer or a
// power cut would end it) while it is sending, and the next start on the same database delivers.

const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) await resource.close();
});

/** An SMTP port that takes connections and never greets: a send there hangs until it times out. */
async function silentSmtp(port: number) {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const post = (app: AppProcess, path: string, body: Record<string, string>, form = false) =>
  fetch(`${app.address}${path}`, {
    method: 'POST',
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      'accept-language': 'es-MX',
    },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });

const signIn = (app: AppProcess, password: string) =>
  post(
    app,
    '/connect/token',
    {
      grant_type: 'password',
      client_id: 'Vineta_App',
      username: 'admin',
      password,
      scope: 'openid Vineta',
    },
    true,
  );

it('delivers, from the next start, the reset mail that a killed server was sending', async () => {
  const database: TestDatabase = await createTestDatabase();
  opened.push({ close: () => database.drop() });
  const smtpPort = await freePort();
  const spec = {
    env: {
      ...testAppEnvironment(database.dataDir),
      'Settings__Abp.Mailing.Smtp.Host': '127.0.0.1',
      'Settings__Abp.Mailing.Smtp.Port': String(smtpPort),
    },
    database: database.target,
    // A claim of 2 s instead of 5 min, so that the next start may take the dead one's row soon.
    mailOutbox: { claimMs: 2_000, pollIntervalMs: 100 },
  };

  const silent = await silentSmtp(smtpPort);
  const first = await startAppProcess(spec);
  opened.push(first);
  const asked = await post(first, '/api/account/send-password-reset-code', {
    email: 'admin@vineta.local',
    appName: 'Angular',
  });
  expect(asked.status).toBe(204);
  // The worker has claimed the mail and is waiting for the SMTP greeting: kill it there.
  await waitFor(() => silent.sockets.length > 0);
  await first.kill();
  await silent.close();

  const smtp: SmtpTestServer = await startSmtpTestServer({ port: smtpPort });
  opened.push(smtp);
  const second = await startAppProcess(spec);
  opened.push(second);
  const mail = await waitFor(() => smtp.received[0], { timeoutMs: 20_000 });
  expect(mail.to).toEqual(['admin@vineta.local']);
  expect(mail.headers.subject).toBe('Restablecimiento de contraseña');

  // The link works against the restarted server: the token survived with the user's stamp.
  const link = /http:\/\/localhost:3000\/account\/reset-password\?[^\s"<]+/.exec(mail.text ?? '');
  expect(link).not.toBeNull();
  const query = new URL((link?.[0] ?? '').replaceAll('&amp;', '&')).searchParams;
  const reset = await post(second, '/api/account/reset-password', {
    userId: query.get('userId') ?? '',
    resetToken: query.get('resetToken') ?? '',
    password: 'Brand-new-1',
  });
  expect(reset.status).toBe(204);
  expect((await signIn(second, 'Brand-new-1')).status).toBe(200);
  const old = await signIn(second, TEST_ADMIN_PASSWORD);
  expect(old.status).toBe(400);
  expect(((await old.json()) as { error: string }).error).toBe('invalid_grant');
}, 60_000);
