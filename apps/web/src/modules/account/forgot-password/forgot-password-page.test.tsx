import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountConfiguration,
  fakeServer,
  loadConfiguration,
  renderAccountPage,
  resetAccountState,
} from '../account-test-kit';
import { ForgotPasswordPage } from './forgot-password-page';

const path = '/account/forgot-password';

async function renderForgot(at = path) {
  await loadConfiguration(accountConfiguration());
  return renderAccountPage(<ForgotPasswordPage />, path, at);
}

const email = () => screen.getByLabelText('Email address');
const submit = () => screen.getByRole('button', { name: 'Submit' });

function type(element: HTMLElement, value: string) {
  act(() => {
    fireEvent.input(element, { target: { value } });
  });
}

afterEach(() => {
  resetAccountState();
  vi.useRealTimers();
});

describe('forgot-password screen', () => {
  it('keeps Submit disabled while the e-mail is missing or invalid', async () => {
    fakeServer(accountConfiguration());
    await renderForgot('/account/forgot-password?returnUrl=%2Fhome');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forgot password?');
    expect(email()).toHaveFocus();
    expect(screen.getByText(/A password reset link will be sent/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/account/login?returnUrl=%2Fhome',
    );
    await waitFor(() => expect(submit()).toBeDisabled());
    type(email(), 'ana@');
    await waitFor(() =>
      expect(email()).toHaveAccessibleDescription('Please enter a valid email address.'),
    );
    expect(submit()).toBeDisabled();
    type(email(), 'ana@example.com');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('marks the empty field when Enter submits the form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = fakeServer(accountConfiguration());
    await renderForgot();
    fireEvent.keyDown(email(), { key: 'Enter' });
    fireEvent.keyUp(email(), { key: 'Enter' });
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(email()).toHaveAccessibleDescription('This field is required.'));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('sends the code as Angular and shows the confirmation with its back-to-login button', async () => {
    const requests = fakeServer(accountConfiguration(), (request) =>
      request.path === '/api/account/send-password-reset-code'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    await renderForgot();
    type(email(), 'ana@example.com');
    await waitFor(() => expect(submit()).toBeEnabled());
    fireEvent.click(submit());
    expect(await screen.findByText(/Account recovery email sent/)).toBeInTheDocument();
    // Focus moves to the confirmation, not to the page's body with the form that held it.
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveClass('btn');
    const sent = requests.find((r) => r.path === '/api/account/send-password-reset-code');
    expect(sent?.body).toEqual({ email: 'ana@example.com', appName: 'Angular' });
  });
});
