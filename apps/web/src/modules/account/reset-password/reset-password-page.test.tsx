import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  abpError,
  accountConfiguration,
  fakeServer,
  loadConfiguration,
  renderAccountPage,
  resetAccountState,
} from '../account-test-kit';
import { ResetPasswordPage } from './reset-password-page';

const path = '/account/reset-password';
const userId = '3a1b6f9e-0000-4000-8000-000000000001';
const link = `${path}?userId=${userId}&resetToken=token-1`;

async function renderReset(at = link) {
  await loadConfiguration(accountConfiguration());
  return renderAccountPage(<ResetPasswordPage />, path, at);
}

const passwordField = () => screen.getByLabelText('Password');
const confirmation = () => screen.getByLabelText('Confirm (repeat) the password');
const submit = () => screen.getByRole('button', { name: 'Submit' });

function type(element: HTMLElement, value: string) {
  act(() => {
    fireEvent.input(element, { target: { value } });
  });
}

const verified = (valid: boolean) => (request: { path: string }) =>
  request.path === '/api/account/verify-password-reset-token' ? Response.json(valid) : undefined;

afterEach(() => resetAccountState());

describe('reset-password screen', () => {
  it.each([path, `${path}?userId=${userId}`, `${path}?resetToken=token-1`])(
    'goes to sign-in without userId or resetToken (%s)',
    async (at) => {
      fakeServer(accountConfiguration());
      await renderReset(at);
      expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/account\/login$/);
    },
  );

  it('says so when the link no longer works', async () => {
    fakeServer(accountConfiguration(), verified(false));
    await renderReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The password reset link is invalid or has expired.',
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('offers to check the link again when the server could not answer, rather than calling it expired', async () => {
    let down = true;
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/api/account/verify-password-reset-token' && down
        ? new Response('Service Unavailable', { status: 503 })
        : verified(true)(request),
    );
    await renderReset();
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/This page could not be loaded\./)).toBeInTheDocument();
    expect(screen.queryByText(/invalid or has expired/)).not.toBeInTheDocument();
    down = false;
    fireEvent.click(tryAgain);
    expect(await screen.findByText('Please enter your new password.')).toBeInTheDocument();
  });

  it('calls a link the server refuses as malformed one that no longer works', async () => {
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/api/account/verify-password-reset-token'
        ? abpError(400, 'Your request is not valid!')
        : undefined,
    );
    await renderReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The password reset link is invalid or has expired.',
    );
  });

  it('checks the password rules and shows the mismatch on both fields', async () => {
    fakeServer(accountConfiguration(), verified(true));
    await renderReset();
    expect(await screen.findByText('Please enter your new password.')).toBeInTheDocument();
    expect(passwordField()).toHaveFocus();
    await act(async () => fireEvent.click(submit()));
    await waitFor(() =>
      expect(passwordField()).toHaveAccessibleDescription('This field is required.'),
    );
    expect(confirmation()).toHaveAccessibleDescription('This field is required.');
    type(passwordField(), 'abcdef');
    await waitFor(() =>
      expect(passwordField()).toHaveAccessibleDescription(
        'Password should include a capital, a number, and a special character.',
      ),
    );
    type(passwordField(), '1q2w3E*');
    type(confirmation(), '1q2w3E*x');
    await waitFor(() =>
      expect(confirmation()).toHaveAccessibleDescription('Passwords do not match.'),
    );
    expect(passwordField()).toHaveAccessibleDescription('Passwords do not match.');
    type(confirmation(), '1q2w3E*');
    await waitFor(() => expect(passwordField()).not.toHaveClass('is-invalid'));
    expect(confirmation()).not.toHaveClass('is-invalid');
  });

  it('resets once even when submitted twice, then shows the success view', async () => {
    let answer: (response: Response) => void = () => undefined;
    const requests = fakeServer(accountConfiguration(), verified(true), (request) =>
      request.path === '/api/account/reset-password'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    await renderReset();
    type(await screen.findByLabelText('Password'), '1q2w3E*');
    type(confirmation(), '1q2w3E*');
    const form = submit().closest('form') as HTMLFormElement;
    await act(async () => fireEvent.submit(form));
    await waitFor(() => expect(submit()).toHaveAttribute('aria-busy', 'true'));
    await act(async () => fireEvent.submit(form));
    const resets = () => requests.filter((r) => r.path === '/api/account/reset-password');
    expect(resets()).toHaveLength(1);
    expect(resets()[0]?.body).toEqual({ userId, resetToken: 'token-1', password: '1q2w3E*' });
    await act(async () => answer(new Response(null, { status: 204 })));
    expect(await screen.findByText('Your password is successfully reset.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/account/login',
    );
  });

  it('keeps the form when the server refuses the token', async () => {
    fakeServer(accountConfiguration(), verified(true), (request) =>
      request.path === '/api/account/reset-password' ? abpError(400, 'Invalid token.') : undefined,
    );
    await renderReset();
    type(await screen.findByLabelText('Password'), '1q2w3E*');
    type(confirmation(), '1q2w3E*');
    fireEvent.click(submit());
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByText('Your password is successfully reset.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/account/login');
  });
});
