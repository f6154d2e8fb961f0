import { expect, it } from 'vitest';
import { createTestApp } from '../../../test/create-test-app.js';
import { createUser, passwordGrant } from '../../../test/sign-in-helpers.js';
import { freePort, startSmtpTestServer, waitFor } from '../../../test/smtp-test-server.js';
import { acrossAllTenants } from '../../platform/data/data-scope.js';
import { MailSetting } from '../../platform/mail/mail.settings.js';
import { SettingProvider } from '../../platform/settings/setting-manager.js';

// The reset mail goes through the real outbox and SMTP: queued while SMTP is down, delivered once
// it is up, in the requester's language, with a link that resets the password.

it('queues the reset mail durably and delivers a working link once SMTP is up', async () => {
  const port = await freePort();
  const { app, close } = await createTestApp();
  let server: Awaited<ReturnType<typeof startSmtpTestServer>> | undefined;
  try {
    await app.ready();
    await app.services.settings.setForProvider(
      MailSetting.Port,
      String(port),
      SettingProvider.Global,
      '',
    );
    await createUser(app, null, 'lucia', 'Secret-123', 'lucia@example.test');

    const asked = await app.inject({
      method: 'POST',
      url: '/api/account/send-password-reset-code',
      headers: { 'accept-language': 'es-MX' },
      payload: { email: 'lucia@example.test', appName: 'Angular' },
    });
    expect(asked.statusCode).toBe(204);

    // SMTP is down: the worker's first attempt fails and puts the mail off (30 s, then longer).
    const failed = await waitFor(async () => {
      const row = await acrossAllTenants(() =>
        app.services.data
          .query()
          .selectFrom('mailOutbox')
          .select(['id', 'status', 'attempts'])
          .executeTakeFirst(),
      );
      return row && row.attempts >= 1 && row.status === 'pending' ? row : undefined;
    });
    // SMTP comes up; the put-off time has passed (set here rather than waited for).
    server = await startSmtpTestServer({ port });
    await acrossAllTenants(() =>
      app.services.data
        .query()
        .updateTable('mailOutbox')
        .set({ nextAttemptAt: new Date().toISOString() })
        .where('id', '=', failed.id)
        .execute(),
    );
    app.services.mailWorker.nudge();
    const mail = await waitFor(() => server?.received[0], { timeoutMs: 20_000 });
    expect(mail.to).toEqual(['lucia@example.test']);
    // In the requester's language, with a text and an HTML part.
    expect(mail.headers.subject).toBe('Restablecimiento de contraseña');
    expect(mail.text).toContain('Hola, lucia:');
    // The link's lifetime in words, each unit in its plural form (duration.ts).
    expect(mail.text).toContain('El enlace es válido durante 2 horas.');
    expect(mail.html).toContain('<html lang="es-MX" dir="ltr">');
    expect(mail.html).toContain('Restablecer mi contraseña');
    const link = /http:\/\/localhost:3000\/account\/reset-password\?[^\s"<]+/.exec(
      mail.text ?? '',
    )?.[0];
    expect(link).toBeTruthy();
    const url = new URL((link as string).replaceAll('&amp;', '&'));

    const reset = await app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: {
        userId: url.searchParams.get('userId'),
        resetToken: url.searchParams.get('resetToken'),
        password: 'Brand-new-1',
      },
    });
    expect(reset.statusCode).toBe(204);
    expect(
      (await passwordGrant(app, { username: 'lucia', password: 'Brand-new-1' })).statusCode,
    ).toBe(200);

    // Another request in Arabic: the next mail is Arabic, right to left.
    await app.inject({
      method: 'POST',
      url: '/api/account/send-password-reset-code',
      headers: { 'accept-language': 'ar' },
      payload: { email: 'lucia@example.test', appName: 'Angular' },
    });
    const arabic = await waitFor(() => server?.received[1], { timeoutMs: 20_000 });
    expect(arabic.headers.subject).toBe('إعادة تعيين كلمة المرور');
    expect(arabic.text).toContain('مرحبًا lucia،');
    // Arabic's dual ("two hours"), where the old text said "2 ساعة".
    expect(arabic.text).toContain('مدة صلاحية الرابط ساعتان.');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
  } finally {
    await close();
    await server?.close();
  }
}, 40_000);

it('writes nothing for an unknown address, even the first one after a start', async () => {
  const { app, close } = await createTestApp();
  try {
    await app.ready();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/account/send-password-reset-code',
      payload: { email: 'nobody-here@example.test', appName: 'Angular' },
    });
    expect(asked.statusCode).toBe(204);
    // The rehearsal of a known address's work (timing) left no row behind.
    const rows = await acrossAllTenants(() =>
      app.services.data.query().selectFrom('mailOutbox').select('id').execute(),
    );
    expect(rows).toEqual([]);
  } finally {
    await close();
  }
});
