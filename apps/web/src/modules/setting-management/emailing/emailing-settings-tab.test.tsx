import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { EmailSettingsDto } from '@vineta/contracts/setting-management/email-settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import type { ApplicationConfiguration } from '#src/core/app-configuration/application-configuration';
import { applyLocalization } from '#src/core/localization/i18n';
import { createAppQueryClient } from '#src/core/query/query-client';
import { testConfiguration } from '#src/test/app-configuration';
import { settingTexts, uiTexts, validationTexts, vinetaTexts } from '#src/test/server-texts';
import { ToastContainer } from '#src/theme/toast/toast-container';
import { toaster } from '#src/theme/toast/toaster';
import { EmailingSettingsTab } from './emailing-settings-tab';

// The tab against a scripted server (fetch replaced): what it sends and shows. The real server,
// SMTP and browser are in e2e/setting-management.spec.ts.

interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

const stored: EmailSettingsDto = {
  defaultFromDisplayName: 'Viñeta',
  defaultFromAddress: 'noreply@vineta.test',
  smtpHost: '127.0.0.1',
  smtpPort: 25,
  smtpEnableSsl: false,
  smtpUseDefaultCredentials: true,
  smtpDomain: null,
  smtpUserName: 'mailer',
  smtpPassword: '',
  hasSmtpPassword: true,
};

let configuration: ApplicationConfiguration;

async function signInAs(policies: Record<string, boolean>) {
  configuration = testConfiguration({
    culture: 'en',
    authenticated: true,
    policies,
    values: {
      AbpSettingManagement: settingTexts.texts,
      AbpUi: uiTexts.texts,
      AbpValidation: validationTexts.texts,
      Vineta: vinetaTexts.texts,
    } as Record<string, Record<string, string>>,
  });
  configuration.currentUser.email = 'ana@vineta.test';
  await applyLocalization(configuration);
  appConfigurationStore.set(configuration);
}

/** Replaces `fetch`: the configuration, and whatever `answer` gives (else 404); records every request. */
function scriptedServer(
  answer: (request: Recorded) => Response | undefined | Promise<Response | undefined>,
) {
  const requests: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const raw = init?.body === undefined ? undefined : String(init.body);
      const request = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: raw ? JSON.parse(raw) : undefined,
      };
      requests.push(request);
      if (request.path === '/api/abp/application-configuration')
        return Response.json(configuration);
      return (await answer(request)) ?? new Response('not found', { status: 404 });
    }),
  );
  return requests;
}

const serveStored = (request: Recorded) =>
  request.method === 'GET' && request.path === '/api/setting-management/emailing'
    ? Response.json(stored)
    : undefined;

function renderTab() {
  return render(
    <QueryClientProvider client={createAppQueryClient()}>
      <EmailingSettingsTab />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

const posts = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path);

beforeEach(async () => {
  await signInAs({ 'SettingManagement.Emailing': true, 'SettingManagement.Emailing.Test': true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => toaster.clear());
  appConfigurationStore.set(undefined);
});

describe('the Emailing tab', () => {
  it('shows the stored values, never a password, and collapses the credentials with default credentials', async () => {
    scriptedServer(serveStored);
    const { container } = renderTab();
    expect(await screen.findByLabelText('Default from display name')).toHaveProperty(
      'value',
      'Viñeta',
    );
    const password = screen.getByLabelText('Password');
    expect(password).toHaveProperty('value', '');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('A password is stored. Leave this empty to keep it.')).toBeTruthy();

    const section = container.querySelector('.email-credentials');
    expect(section?.classList.contains('is-collapsed')).toBe(true);
    fireEvent.click(screen.getByLabelText('Use default credentials'));
    await waitFor(() => expect(section?.classList.contains('is-collapsed')).toBe(false));
  });

  it('says the settings could not be loaded, where a spinner turned on, and reads them again on Try again', async () => {
    let failing = true;
    scriptedServer((request) =>
      failing && request.path === '/api/setting-management/emailing'
        ? new Response('Bad Gateway', { status: 502 })
        : serveStored(request),
    );
    renderTab();
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/This page could not be loaded\./)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    failing = false;
    fireEvent.click(tryAgain);
    expect(await screen.findByLabelText('Default from display name')).toHaveProperty(
      'value',
      'Viñeta',
    );
  });

  it('sends one save for two quick submits, with the port as a number, then reloads, empties the password and thanks', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = scriptedServer(async (request) => {
      if (request.method === 'POST') {
        await held;
        return new Response(null, { status: 204 });
      }
      return serveStored(request);
    });
    renderTab();
    const port = await screen.findByLabelText('Port');
    fireEvent.input(port, { target: { value: '587' } });
    fireEvent.click(screen.getByLabelText('Use default credentials'));
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'N3w-secret' } });
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() =>
      expect(posts(requests, '/api/setting-management/emailing')).toHaveLength(1),
    );
    fireEvent.submit(save.closest('form') as HTMLFormElement);
    release();

    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(posts(requests, '/api/setting-management/emailing')).toHaveLength(1);
    expect(posts(requests, '/api/setting-management/emailing')[0]?.body).toMatchObject({
      smtpPort: 587,
      smtpPassword: 'N3w-secret',
      smtpUseDefaultCredentials: false,
    });
    // The form shows the values read back: the typed password is gone from the field.
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveProperty('value', ''));
    const reads = requests.filter(
      (request) => request.method === 'GET' && request.path === '/api/setting-management/emailing',
    );
    expect(reads).toHaveLength(2);
  });

  it('removes the stored password when asked: the field is disabled, then the option goes away', async () => {
    let hasSmtpPassword = true;
    const requests = scriptedServer((request) => {
      if (request.method === 'POST') {
        hasSmtpPassword = false;
        return new Response(null, { status: 204 });
      }
      return request.path === '/api/setting-management/emailing'
        ? Response.json({ ...stored, smtpUseDefaultCredentials: false, hasSmtpPassword })
        : undefined;
    });
    renderTab();
    const password = await screen.findByLabelText('Password');
    fireEvent.input(password, { target: { value: 'typed-then-dropped' } });
    fireEvent.click(screen.getByLabelText('Remove the stored password'));
    await waitFor(() => expect(password).toHaveProperty('disabled', true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully saved')).toBeTruthy();
    expect(posts(requests, '/api/setting-management/emailing')[0]?.body).toMatchObject({
      smtpPassword: '',
      clearSmtpPassword: true,
    });
    await waitFor(() => expect(screen.queryByLabelText('Remove the stored password')).toBeNull());
    expect(screen.queryByText('A password is stored. Leave this empty to keep it.')).toBeNull();
    expect(screen.getByLabelText('Password')).toHaveProperty('disabled', false);
  });

  it('blocks a save with missing required fields and shows why', async () => {
    const requests = scriptedServer(serveStored);
    renderTab();
    fireEvent.input(await screen.findByLabelText('Default from display name'), {
      target: { value: '' },
    });
    fireEvent.input(screen.getByLabelText('Port'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    expect(posts(requests, '/api/setting-management/emailing')).toHaveLength(0);
  });

  it("puts the server's validation errors under their fields", async () => {
    scriptedServer((request) =>
      request.method === 'POST'
        ? Response.json(
            {
              error: {
                message: 'Your request is not valid!',
                validationErrors: [{ message: 'Host too long (server)', members: ['smtpHost'] }],
              },
            },
            { status: 400, headers: { _AbpErrorFormat: 'true' } },
          )
        : serveStored(request),
    );
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Host too long (server)')).toBeTruthy();
    expect(screen.getByLabelText('Host').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Send test email', () => {
  it("offers ABP's defaults, keeps the SMTP server's error in view, and closes after a success", async () => {
    let fail = true;
    const requests = scriptedServer((request) => {
      if (request.path.endsWith('/send-test-email')) {
        return fail
          ? Response.json(
              {
                error: {
                  code: 'Volo.Abp.SettingManagement:SmtpSendFailed',
                  message: 'The email could not be sent. The SMTP server answered: 535 no',
                },
              },
              { status: 400, headers: { _AbpErrorFormat: 'true' } },
            )
          : new Response(null, { status: 204 });
      }
      return serveStored(request);
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Send test email' }));
    const modal = await screen.findByRole('dialog');
    const field = (label: string) => within(modal).getByLabelText(label) as HTMLInputElement;
    expect(field('Sender email address').value).toBe('noreply@vineta.test');
    expect(field('Target email address').value).toBe('ana@vineta.test');
    expect(field('Subject').value).toMatch(/^Test email \d{4}$/);
    expect(field('Body').value).toBe(settingTexts.texts.TestEmailBody);

    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'The email could not be sent. The SMTP server answered: 535 no',
    );

    fail = false;
    fireEvent.input(field('Subject'), { target: { value: 'Hola' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Successfully sent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      posts(requests, '/api/setting-management/emailing/send-test-email').at(-1)?.body,
    ).toEqual({
      senderEmailAddress: 'noreply@vineta.test',
      targetEmailAddress: 'ana@vineta.test',
      subject: 'Hola',
      body: settingTexts.texts.TestEmailBody,
    });
  });

  it('closes the test e-mail dialog on Escape, as every other dialog', async () => {
    scriptedServer(serveStored);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Send test email' }));
    const modal = await screen.findByRole('dialog');
    fireEvent.keyDown(within(modal).getByLabelText('Subject'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not offered without SettingManagement.Emailing.Test', async () => {
    await signInAs({ 'SettingManagement.Emailing': true });
    scriptedServer(serveStored);
    renderTab();
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('button', { name: 'Send test email' })).toBeNull();
  });
});
