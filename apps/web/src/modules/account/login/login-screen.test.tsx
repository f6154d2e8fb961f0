import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '#src/core/http/cookies';
import { sessionStore } from '#src/core/session/session-store';
import {
  abpError,
  accountConfiguration,
  fakeServer,
  loadConfiguration,
  renderAccountPage,
  resetAccountState,
  setXsrfCookie,
  tokenResponse,
} from '../account-test-kit';
import { browserLocation } from '../shared/browser-location';
import { LoginScreen } from './login-screen';

const loginPath = '/account/login';

async function renderLogin(at = loginPath, settings: Record<string, string> = {}) {
  const configuration = accountConfiguration({ settings });
  await loadConfiguration(configuration);
  return { configuration, ...renderAccountPage(<LoginScreen />, loginPath, at) };
}

const userName = () => screen.getByRole('textbox', { name: 'Username or email address' });
const password = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login' });

/** Preact's compat layer listens to `input` for `onChange`, as browsers fire it on typing. */
function type(element: HTMLElement, value: string) {
  act(() => {
    fireEvent.input(element, { target: { value } });
  });
}

afterEach(() => {
  resetAccountState();
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('sign-in screen', () => {
  beforeEach(() => fakeServer(accountConfiguration()));

  it('shows the heading, both fields, remember-me, the forgot link and the register link', async () => {
    await renderLogin('/account/login?returnUrl=%2Fidentity%2Froles');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Login');
    // Focused by an effect, which Preact runs after the paint: later than the render on a busy machine.
    await waitFor(() => expect(userName()).toHaveFocus());
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/account/forgot-password?returnUrl=%2Fidentity%2Froles',
    );
    expect(screen.getByText(/Are you a new user\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/account/register?returnUrl=%2Fidentity%2Froles',
    );
  });

  it.each(['false', 'False', 'FALSE'])(
    'hides Register when self-registration is %s',
    async (value) => {
      await renderLogin(loginPath, { 'Abp.Account.IsSelfRegistrationEnabled': value });
      expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
      expect(userName()).toBeInTheDocument();
    },
  );

  it("warns 'Invalid login request' without a form when local login is off", async () => {
    await renderLogin(loginPath, { 'Abp.Account.EnableLocalLogin': 'false' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent('Invalid login request');
    expect(alert).toHaveTextContent('There are no login schemes configured for this client.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('marks every field on an empty submit and sends nothing', async () => {
    const requests = fakeServer(accountConfiguration());
    await renderLogin();
    expect(userName()).not.toHaveClass('is-invalid');
    await act(async () => fireEvent.click(loginButton()));
    expect(userName()).toHaveClass('is-invalid');
    expect(userName()).toHaveAccessibleDescription('This field is required.');
    expect(password()).toHaveAccessibleDescription('This field is required.');
    expect(requests.filter((request) => request.path === '/connect/token')).toHaveLength(0);
  });

  it('shows the limits once a field is dirty: 255 for the user name, 128 for the password', async () => {
    await renderLogin();
    type(userName(), 'u'.repeat(256));
    expect(userName()).toHaveAccessibleDescription('Max. 255 characters are allowed. (has 256)');
    expect(password()).not.toHaveClass('is-invalid');
    type(password(), 'p'.repeat(129));
    expect(password()).toHaveAccessibleDescription('Max. 128 characters are allowed. (has 129)');
    type(userName(), 'u'.repeat(255));
    type(password(), 'p'.repeat(128));
    expect(userName()).not.toHaveClass('is-invalid');
    expect(password()).not.toHaveClass('is-invalid');
  });

  it('shows and hides the typed password with the button beside it', async () => {
    await renderLogin();
    type(password(), 'secret');
    expect(password()).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(password()).toHaveAttribute('type', 'text');
    expect(password()).toHaveValue('secret');
    // A toggle keeps its name; its state is what changes.
    expect(toggle).toHaveAccessibleName('Show password');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(userName()).toHaveAttribute('type', 'text');
  });

  it('says when Caps Lock is on while the password is typed, read with the field', async () => {
    await renderLogin();
    fireEvent.keyUp(password(), { key: 'P', modifierCapsLock: true });
    expect(password()).toHaveAccessibleDescription('Caps Lock is on.');
    fireEvent.keyUp(userName(), { key: 'U', modifierCapsLock: true });
    expect(userName()).not.toHaveAccessibleDescription();
    fireEvent.blur(password());
    expect(password()).not.toHaveAccessibleDescription();
  });

  it('signs in with the password grant, remembers the user and goes to the return URL', async () => {
    const requests = fakeServer(accountConfiguration(), (request) =>
      request.path === '/connect/token' ? tokenResponse() : undefined,
    );
    sessionStore.set({ tenant: { id: 'tenant-1', name: 'acme', isAvailable: true } });
    await renderLogin('/account/login?returnUrl=%2Fidentity%2Froles%3Fpage%3D2');
    type(userName(), 'ana');
    type(password(), '1q2w3E*');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(loginButton());
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/identity/roles?page=2');
    const token = requests.find((request) => request.path === '/connect/token');
    expect(token?.body).toMatchObject({
      grant_type: 'password',
      client_id: 'Vineta_App',
      username: 'ana',
      password: '1q2w3E*',
    });
    expect(token?.headers.get('__tenant')).toBe('tenant-1');
    expect(readCookie('rememberMe')).toBe('true');
    expect(requests.at(-1)?.path).toBe('/api/abp/application-configuration');
  });

  it('goes to /home without a return URL, and ignores one on another site', async () => {
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/connect/token' ? tokenResponse() : undefined,
    );
    await renderLogin('/account/login?returnUrl=https%3A%2F%2Fevil.example%2F');
    type(userName(), 'ana');
    type(password(), '1q2w3E*');
    fireEvent.click(loginButton());
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/home$/);
  });

  it("toasts the server's description for 7000 ms and ends the loading state", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => undefined;
    const requests = fakeServer(accountConfiguration(), (request) =>
      request.path === '/connect/token'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    await renderLogin();
    type(userName(), 'ana');
    type(password(), 'wrong');
    loginButton().focus();
    fireEvent.click(loginButton());
    // Marked disabled, yet focused still: a disabled button would drop focus to the body.
    await waitFor(() => expect(loginButton()).toHaveAttribute('aria-disabled', 'true'));
    expect(loginButton()).toHaveAttribute('aria-busy', 'true');
    expect(loginButton()).toHaveFocus();
    // A second submit while the first runs is ignored.
    await act(async () => fireEvent.submit(loginButton().closest('form') as HTMLFormElement));
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/connect/token')).toHaveLength(1),
    );
    await act(async () =>
      answer(
        Response.json(
          { error: 'invalid_grant', error_description: 'Invalid username or password!' },
          { status: 400 },
        ),
      ),
    );
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Invalid username or password!');
    expect(loginButton()).not.toHaveAttribute('aria-disabled');
    expect(loginButton()).not.toHaveAttribute('aria-busy');
    expect(loginButton()).toHaveFocus();
    act(() => vi.advanceTimersByTime(6900));
    expect(screen.getByText('Invalid username or password!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Invalid username or password!')).not.toBeInTheDocument();
  });

  it('closes its error toast when the corrected retry signs in, and never piles failures up', async () => {
    let correct = false;
    const requests = fakeServer(accountConfiguration(), (request) => {
      if (request.path !== '/connect/token') return undefined;
      return correct
        ? tokenResponse()
        : Response.json(
            { error: 'invalid_grant', error_description: 'Invalid username or password!' },
            { status: 400 },
          );
    });
    const tokenRequests = () => requests.filter((request) => request.path === '/connect/token');
    await renderLogin();
    type(userName(), 'ana');
    type(password(), 'wrong');
    for (const attempt of [1, 2]) {
      fireEvent.click(loginButton());
      await waitFor(() => expect(tokenRequests()).toHaveLength(attempt));
      await waitFor(() => expect(loginButton()).not.toHaveAttribute('aria-busy'));
      expect(screen.getAllByText('Invalid username or password!')).toHaveLength(1);
    }
    correct = true;
    type(password(), '1q2w3E*');
    fireEvent.click(loginButton());
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/home$/);
    // Within its 7 s, the failure's toast would otherwise have followed to the home page.
    expect(screen.queryByText('Invalid username or password!')).not.toBeInTheDocument();
  });

  it('tells a locked-out user when to try again', async () => {
    const lockedOut =
      'The user account has been locked out due to invalid login attempts. Try again after 11/22/26, 3:05:00 AM UTC.';
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/connect/token'
        ? Response.json({ error: 'invalid_grant', error_description: lockedOut }, { status: 400 })
        : undefined,
    );
    await renderLogin();
    type(userName(), 'ana');
    type(password(), 'wrong');
    fireEvent.click(loginButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(lockedOut);
  });

  it('falls back to the default message when the server sends no description', async () => {
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/connect/token' ? new Response('boom', { status: 500 }) : undefined,
    );
    await renderLogin();
    type(userName(), 'ana');
    type(password(), 'x');
    fireEvent.click(loginButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('An error has occurred!');
  });
});

describe('sign-in screen of a code-flow interaction', () => {
  const details = {
    uid: 'uid-1',
    prompt: 'login',
    clientId: 'Vineta_App',
    scope: 'openid',
    loginHint: 'ana',
    uiLocales: null,
    restartUrl: '/connect/authorize?client_id=Vineta_App&state=s-1',
    enableLocalLogin: true,
    isSelfRegistrationEnabled: true,
  };
  const at = '/account/login?interactionId=uid-1';
  const expiredMessage = 'This sign-in has expired. Go back to the application and sign in again.';
  const expired = () => abpError(400, expiredMessage, { code: 'Vineta:SignInExpired' });

  it('reads the details, posts the login with XSRF and tenant headers and follows redirectTo', async () => {
    setXsrfCookie('xsrf-1');
    sessionStore.set({ tenant: { id: 'tenant-1', name: 'acme', isAvailable: true } });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const requests = fakeServer(accountConfiguration(), (request) => {
      if (request.path === '/interaction/uid-1/details') return Response.json(details);
      if (request.path === '/interaction/uid-1/login')
        return Response.json({ redirectTo: 'http://localhost:3000/connect/authorize/uid-1' });
      return undefined;
    });
    await renderLogin(at);
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/account/register?interactionId=uid-1',
    );
    expect(userName()).toHaveValue('ana');
    await waitFor(() => expect(password()).toHaveFocus());
    type(password(), '1q2w3E*');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(loginButton());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/connect/authorize/uid-1'),
    );
    const login = requests.find((request) => request.path === '/interaction/uid-1/login');
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({ username: 'ana', password: '1q2w3E*', rememberMe: true });
    expect(login?.headers.get('RequestVerificationToken')).toBe('xsrf-1');
    expect(login?.headers.get('__tenant')).toBe('tenant-1');
    expect(requests.some((request) => request.path === '/connect/token')).toBe(false);
    // The browser is leaving: the button stays busy.
    expect(loginButton()).toHaveAttribute('aria-busy', 'true');
  });

  it('takes the switches from the details: no Register, and the local-login warning', async () => {
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/interaction/uid-1/details'
        ? Response.json({ ...details, isSelfRegistrationEnabled: false, enableLocalLogin: false })
        : undefined,
    );
    await renderLogin(at);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login request');
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it("toasts the server's localized message when the interaction login fails", async () => {
    const lockedOut = 'The user account has been locked out due to invalid login attempts.';
    fakeServer(accountConfiguration(), (request) => {
      if (request.path === '/interaction/uid-1/details') return Response.json(details);
      if (request.path === '/interaction/uid-1/login')
        return abpError(400, lockedOut, { data: { result: 4 } });
      return undefined;
    });
    await renderLogin(at);
    type(await screen.findByLabelText('Password'), 'wrong');
    fireEvent.click(loginButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(lockedOut);
    expect(loginButton()).toBeEnabled();
  });

  it('begins the sign-in again when it expired while the user typed; the new page says so', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    fakeServer(accountConfiguration(), (request) => {
      if (request.path === '/interaction/uid-1/details') return Response.json(details);
      if (request.path === '/interaction/uid-1/login') return expired();
      if (request.path === '/interaction/uid-2/details')
        return Response.json({ ...details, uid: 'uid-2', loginHint: null });
      return undefined;
    });
    const first = await renderLogin(at);
    type(await screen.findByLabelText('Password'), '1q2w3E*');
    type(userName(), 'beatriz');
    fireEvent.click(loginButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(details.restartUrl));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    // The authorization request opened a new interaction, whose page this is.
    await renderLogin('/account/login?interactionId=uid-2');
    expect(
      await screen.findByText(
        'Your sign-in took too long, so it has started again. Please enter your password once more.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(userName()).toHaveValue('beatriz');
    await waitFor(() => expect(password()).toHaveFocus());
  });

  it('shows no notice for a restart long past (it went straight back to the client)', async () => {
    sessionStorage.setItem(
      'vineta.signIn.restarted',
      JSON.stringify({ userName: 'old', at: Date.now() - 120_000 }),
    );
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/interaction/uid-3/details'
        ? Response.json({ ...details, uid: 'uid-3', loginHint: null })
        : undefined,
    );
    await renderLogin('/account/login?interactionId=uid-3');
    await screen.findByRole('link', { name: 'Register' });
    expect(screen.queryByText(/took too long/)).not.toBeInTheDocument();
    expect(userName()).toHaveValue('');
  });

  it('begins an expired sign-in again on a reload, once, when this tab kept its request', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    let expire = false;
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/interaction/uid-1/details'
        ? expire
          ? expired()
          : Response.json(details)
        : undefined,
    );
    const loaded = await renderLogin(at);
    await screen.findByRole('link', { name: 'Register' });
    loaded.unmount();

    expire = true;
    const reloaded = await renderLogin(at);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(details.restartUrl));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    reloaded.unmount();

    // Should the new interaction fail at once, the page says so instead of going round again.
    await renderLogin(at);
    expect(await screen.findByRole('alert')).toHaveTextContent(expiredMessage);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('offers to ask again when the server could not answer, then shows the form', async () => {
    let down = true;
    fakeServer(accountConfiguration(), (request) => {
      if (request.path !== '/interaction/uid-1/details') return undefined;
      return down ? new Response('Bad Gateway', { status: 502 }) : Response.json(details);
    });
    await renderLogin(at);
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/This page could not be loaded\./)).toBeInTheDocument();
    expect(screen.queryByText('Invalid login request')).not.toBeInTheDocument();
    down = false;
    fireEvent.click(tryAgain);
    expect(await screen.findByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(userName()).toHaveValue('ana');
  });

  it("says 'Invalid login request' when the interaction is unknown or expired", async () => {
    fakeServer(accountConfiguration(), (request) =>
      request.path === '/interaction/uid-1/details'
        ? abpError(400, 'Invalid login request')
        : undefined,
    );
    await renderLogin(at);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent('Invalid login request');
    expect(within(alert).getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/account/login',
    );
  });
});
