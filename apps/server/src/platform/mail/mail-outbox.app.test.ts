import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/create-test-app.js';
import { startSmtpTestServer, waitFor } from '../../../test/smtp-test-server.js';
import { SettingProvider } from '../settings/setting-manager.js';
import { MailSetting } from './mail.settings.js';

describe('mail outbox in the application', () => {
  it('starts the worker with the app, delivers an enqueued mail, and stops on close', async () => {
    const server = await startSmtpTestServer();
    const { app, close } = await createTestApp();
    try {
      await app.ready();
      const { settings, mailOutbox, mailTemplates, data } = app.services;
      await settings.setForProvider(
        MailSetting.Port,
        String(server.port),
        SettingProvider.Global,
        '',
      );
      const content = mailTemplates.render('es-MX', { subject: 'Prueba', paragraphs: ['Hola'] });
      await data.transaction(() =>
        mailOutbox.enqueue({ ...content, to: 'ana@example.com', culture: 'es-MX', tenantId: null }),
      );
      const received = await waitFor(() => server.received[0]);
      expect(received.text).toContain('Hola');
      expect(received.html).toContain('<html lang="es-MX" dir="ltr">');
    } finally {
      await close();
      await server.close();
    }
  });
});
