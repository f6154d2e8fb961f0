import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  abpError,
  accountConfiguration,
  fakeServer,
  loadConfiguration,
  renderAccountPage,
  resetAccountState,
  tokenResponse,
} from '../account-test-kit';
import { browserLocation } from '../shared/browser-location';
import { RegisterPage } from './register-page';

const registerPath = '/account/register';

async function renderRegister(at = registerPath, settings: Record<string, string> = {}) {
  await loadConfiguration(accountConfiguration({ settings }));
  return renderAccountPage(<RegisterPage />, registerPath, at);
}

const field = (name: string) => screen.getByLabelText(name);
const registerButton = () => screen.getByRole('button', { name: 'Register' });

function type(element: HTMLElement, value: string) {
  act(() => {
    fireEvent.input(element, { target: { value } });
  });
}

async function fillValid() {
  type(field('Username'), 'ana');
  type(field('Email address'), 'ana@example.com');
  type(field('Password'), '1q2w3E*');
  await waitFor(() => expect(field('Password')).not.toHaveClass('is-invalid'));
}

afterEach(() => {
  resetAccountState();
  vi.useRealTimers();
});

describe('register screen', () => {
  it('links back to login with the sign-in parameters and shows the three fields', async () => {
    fakeServer(accountConfiguration());
    await renderRegister('/account/register?returnUrl=%2Fhome%2Fsuccess');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Register');
    expect(screen.getByText(/Already registered\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/account/login?returnUrl=%2Fhome%2Fsuccess',
    );
    expect(field('Username')).toHaveFocus();
    expect(field('Email address')).toHaveAttribute('type', 'email');
    expect(field('Password')).toHaveAttribute('type', 'password');
    // The new password can be shown, as on the sign-in page.
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password')).toHaveAttribute('type', 'text');
  });

  it('marks every field on an empty submit', async () => {
    const requests = fakeServer(accountConfiguration());
    await renderRegister();
    await act(async () => fireEvent.click(registerButton()));
    await waitFor(() =>
      expect(field('Username')).toHaveAccessibleDescription('This field is required.'),
    );
    expect(field('Email address')).toHaveAccessibleDescription('This field is required.');
    expect(field('Password')).toHaveAccessibleDescription('This field is required.');
    expect(requests.some((request) => request.path === '/api/account/register')).toBe(false);
  });

  it("checks the limits, the e-mail and the server's password rules", async () => {
    fakeServer(accountConfiguration());
    await renderRegister(registerPath, {
      'Abp.Identity.Password.RequiredLength': '8',
      'Abp.Identity.Password.RequireNonAlphanumeric': 'False',
    });
    type(field('Username'), 'u'.repeat(256));
    type(field('Email address'), 'ana@');
    type(field('Password'), 'abc');
    await waitFor(() =>
      expect(field('Username')).toHaveAccessibleDescription(
        'Max. 255 characters are allowed. (has 256)',
      ),
    );
    expect(field('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    expect(field('Password')).toHaveAccessibleDescription(
      'Min. 8 characters are required. (has 3)',
    );
    type(field('Password'), 'abcdefgh');
    await waitFor(() =>
      expect(field('Password')).toHaveAccessibleDescription(
        'Password should include a capital and a number.',
      ),
    );
    type(field('Password'), 'p'.repeat(129));
    await waitFor(() =>
      expect(field('Password')).toHaveAccessibleDescription(
        'Max. 128 characters are allowed. (has 129)',
      ),
    );
  });

  it('registers as Angular, then signs in with the same credentials and lands on /home', async () => {
    const requests = fakeServer(accountConfiguration(), (request) => {
      if (request.path === '/api/account/register') return Response.json({ id: 'u-1' });
      if (request.path === '/connect/token') return tokenResponse();
      return undefined;
    });
    await renderRegister();
    await fillValid();
    fireEvent.click(registerButton());
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/home$/);
    const register = requests.find((request) => request.path === '/api/account/register');
    expect(register?.body).toEqual({
      userName: 'ana',
      emailAddress: 'ana@example.com',
      password: '1q2w3E*',
      appName: 'Angular',
    });
    const token = requests.find((request) => request.path === '/connect/token');
    expect(token?.body).toMatchObject({ username: 'ana', password: '1q2w3E*' });
  });

  it("toasts the server's message for 7000 ms, shows it under its field and keeps the form", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/api/account/register'
        ? abpError(403, "Username 'ana' is already taken.", {
            code: 'Volo.Abp.Identity:DuplicateUserName',
          })
        : undefined,
    );
    await renderRegister();
    await fillValid();
    fireEvent.click(registerButton());
    expect(await screen.findByRole('alert')).toHaveTextContent("Username 'ana' is already taken.");
    expect(field('Username')).toHaveAccessibleDescription("Username 'ana' is already taken.");
    await waitFor(() => expect(registerButton()).toBeEnabled());
    act(() => vi.advanceTimersByTime(7000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('Username')).toHaveValue('ana');
  });

  it("puts the server's validation errors under their fields", async () => {
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/api/account/register'
        ? abpError(400, 'Your request is not valid!', {
            validationErrors: [{ message: 'Email is taken.', members: ['emailAddress'] }],
          })
        : undefined,
    );
    await renderRegister();
    await fillValid();
    fireEvent.click(registerButton());
    await waitFor(() =>
      expect(field('Email address')).toHaveAccessibleDescription('Email is taken.'),
    );
  });

  it('hides the form and warns for 10000 ms when self-registration is off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer(accountConfiguration());
    await renderRegister(registerPath, { 'Abp.Account.IsSelfRegistrationEnabled': 'False' });
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Self registration is disabled.');
    const toast = () => document.querySelector('.app-toast-warning');
    expect(toast()).toHaveTextContent('Self registration is disabled.');
    act(() => vi.advanceTimersByTime(9999));
    expect(toast()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(toast()).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('in a code-flow interaction, signs in through the interaction and follows redirectTo', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const requests = fakeServer(accountConfiguration(), (request) => {
      if (request.path === '/api/account/register') return Response.json({ id: 'u-1' });
      if (request.path === '/interaction/uid-1/login')
        return Response.json({ redirectTo: 'http://localhost:3000/connect/authorize/uid-1' });
      return undefined;
    });
    await renderRegister('/account/register?interactionId=uid-1');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/account/login?interactionId=uid-1',
    );
    await fillValid();
    fireEvent.click(registerButton());
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(requests.find((r) => r.path === '/interaction/uid-1/login')?.body).toEqual({
      username: 'ana',
      password: '1q2w3E*',
      rememberMe: false,
    });
    expect(requests.some((request) => request.path === '/connect/token')).toBe(false);
  });
});
