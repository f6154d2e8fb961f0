import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IdentitySecurityLogDto } from '@vineta/contracts/identity/identity-security-log';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CurrentAddress,
  fakeServer,
  loadIdentityConfiguration,
  renderWithProviders,
  resetIdentityState,
} from '../identity-test-kit';
import { SecurityLogsPage } from './security-logs-page';

const row = (extra: Partial<IdentitySecurityLogDto>): IdentitySecurityLogDto => ({
  id: crypto.randomUUID(),
  tenantId: null,
  applicationName: 'Viñeta',
  identity: 'IdentityServer',
  action: 'LoginSucceeded',
  userId: null,
  userName: 'ana',
  tenantName: null,
  clientId: 'Vineta_App',
  correlationId: null,
  clientIpAddress: '203.0.113.7',
  browserInfo: 'Mozilla/5.0',
  creationTime: '2026-12-01T18:30:00.000Z',
  extraProperties: {},
  ...extra,
});

/** Three rows of `totalCount`: more make a page past the first one real. */
function serve(totalCount = 3) {
  return fakeServer((request) =>
    request.path === '/api/identity/security-logs'
      ? Response.json({
          totalCount,
          items: [
            row({}),
            row({ action: 'LoginInvalidUserNameOrPassword', userName: 'ana' }),
            row({ action: 'SomethingNew', userName: 'bea' }),
          ],
        })
      : undefined,
  );
}
const lastQuery = (requests: ReturnType<typeof serve>) => requests.at(-1)?.query;

/** The page at `path`, with the address it shows (`address`) read out beside it. */
const renderAt = (path: string) =>
  renderWithProviders(
    <>
      <SecurityLogsPage />
      <CurrentAddress />
    </>,
    { path },
  );

afterEach(() => resetIdentityState());

describe('Security logs page', () => {
  it('lists the rows newest first, each action in words (an unknown one as it is)', async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.SecurityLogs': true });
    const requests = serve();
    renderWithProviders(<SecurityLogsPage />);
    await screen.findByRole('cell', { name: 'Signed in' });
    const rows = screen.getAllByRole('row');
    // The culture's patterns (dd/MM/yyyy HH:mm here), in the reader's time zone.
    const shown = new Date('2026-12-01T18:30:00.000Z');
    const hhmm = `${String(shown.getHours()).padStart(2, '0')}:${String(shown.getMinutes()).padStart(2, '0')}`;
    expect(rows[1]?.querySelector('time')).toHaveTextContent(
      `${String(shown.getDate()).padStart(2, '0')}/12/2026 ${hhmm}`,
    );
    expect(within(rows[1] as HTMLElement).getByText('Signed in')).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).getByText('Wrong user name or password'),
    ).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('SomethingNew')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('203.0.113.7')).toBeInTheDocument();
    expect(lastQuery(requests)?.get('sorting')).toBe('creationTime desc');
    expect(lastQuery(requests)?.has('userName')).toBe(false);
  });

  it('asks for the exact user name, the action and whole days of the reader', async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.SecurityLogs': true });
    const requests = serve();
    renderWithProviders(<SecurityLogsPage />);
    await screen.findByRole('cell', { name: 'Signed in' });

    fireEvent.input(screen.getByRole('textbox', { name: 'User name' }), {
      target: { value: ' ana ' },
    });
    await waitFor(() => expect(lastQuery(requests)?.get('userName')).toBe('ana'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), {
      target: { value: 'LoginFailed' },
    });
    await waitFor(() => expect(lastQuery(requests)?.get('action')).toBe('LoginFailed'));
    // Typed in the culture's pattern (dd/MM/yyyy here), or as ABP writes a day.
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '30/11/2026' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(lastQuery(requests)?.has('endTime')).toBe(true));
    // From the first moment of the first day to the first moment after the last, where the reader is.
    expect(lastQuery(requests)?.get('startTime')).toBe(new Date(2026, 10, 30).toISOString());
    expect(lastQuery(requests)?.get('endTime')).toBe(new Date(2026, 11, 2).toISOString());
    expect(lastQuery(requests)?.get('userName')).toBe('ana');
    expect(lastQuery(requests)?.get('action')).toBe('LoginFailed');
  });

  it('starts from the filters, sort and page of the address, and writes each choice back', async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.SecurityLogs': true });
    // Enough rows for a second page: one past the end goes back to the last that has rows.
    const requests = serve(25);
    renderAt(
      '/identity/security-logs?filter=ana&action=LoginFailed&from=2026-11-30&to=2026-12-01&sorting=creationTime%20asc&page=2',
    );
    await screen.findByRole('cell', { name: 'Signed in' });
    expect(Object.fromEntries(lastQuery(requests) ?? [])).toEqual({
      userName: 'ana',
      action: 'LoginFailed',
      startTime: new Date(2026, 10, 30).toISOString(),
      endTime: new Date(2026, 11, 2).toISOString(),
      sorting: 'creationTime asc',
      skipCount: '10',
      maxResultCount: '10',
    });
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveDisplayValue('Sign-in failed');

    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), {
      target: { value: '' },
    });
    await waitFor(() => expect(lastQuery(requests)?.has('action')).toBe(false));
    expect(lastQuery(requests)?.get('skipCount')).toBe('0');
    expect(screen.getByLabelText('address')).toHaveTextContent(
      '/identity/security-logs?filter=ana&from=2026-11-30&to=2026-12-01&sorting=creationTime+asc',
    );
  });

  it('lets go of an action or a day it does not know', async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.SecurityLogs': true });
    const requests = serve();
    renderAt('/identity/security-logs?action=Hacked&from=2026-13-40');
    await screen.findByRole('cell', { name: 'Signed in' });
    expect(screen.getByLabelText('address')).toHaveTextContent(/^\/identity\/security-logs$/);
    expect(lastQuery(requests)?.has('action')).toBe(false);
    expect(lastQuery(requests)?.has('startTime')).toBe(false);
  });
});
