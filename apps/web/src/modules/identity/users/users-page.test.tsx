import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CurrentAddress,
  fakeServer,
  loadIdentityConfiguration,
  renderWithProviders,
  resetIdentityState,
  roleDto,
  userDto,
} from '../identity-test-kit';
import { UsersPage } from './users-page';

const EDITOR = '3a1f0c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const ASSIGNABLE_ROLES = '/api/identity/users/assignable-roles';
const listRoles = () =>
  Response.json({ items: [roleDto('admin'), roleDto('editor', { id: EDITOR })] });
const rolesDown = () => Response.json({ error: { message: 'Down' } }, { status: 503 });

/** An empty users list, and the assignable roles as `answerRoles` gives them. */
function serve(answerRoles: () => Response | Promise<Response> = listRoles) {
  return fakeServer((request) => {
    if (request.path === ASSIGNABLE_ROLES) return answerRoles();
    if (request.path === '/api/identity/users') return Response.json({ totalCount: 0, items: [] });
    return undefined;
  });
}

const usersRequests = (requests: ReturnType<typeof serve>) =>
  requests.filter((request) => request.path === '/api/identity/users');

/** The users screen at `path`, with the address it shows (`address`) read out beside it. */
const renderUsersPage = (path: string) =>
  renderWithProviders(
    <>
      <UsersPage />
      <CurrentAddress />
    </>,
    { path },
  );

afterEach(() => resetIdentityState());

describe('Users page, role filter', () => {
  it("lists the role of the address's roleId, and everyone again when All roles is chosen", async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.Users': true });
    const requests = serve();
    renderUsersPage(`/identity/users?roleId=${EDITOR.toUpperCase()}`);
    const filter = screen.getByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(filter).toHaveValue(EDITOR));
    expect(usersRequests(requests)[0]?.query.get('roleId')).toBe(EDITOR);

    fireEvent.change(filter, { target: { value: '' } });
    await waitFor(() => expect(usersRequests(requests).at(-1)?.query.has('roleId')).toBe(false));
    expect(screen.getByLabelText('address')).toHaveTextContent(/^\/identity\/users$/);
    expect(filter).toHaveDisplayValue('All roles');
  });

  it('lets go of a role that is not among the roles, and of an address that is no id', async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.Users': true });
    for (const asked of [crypto.randomUUID(), 'editor']) {
      const requests = serve();
      const { unmount } = renderUsersPage(`/identity/users?roleId=${asked}`);
      await waitFor(() =>
        expect(screen.getByLabelText('address')).toHaveTextContent(/^\/identity\/users$/),
      );
      expect(screen.getByRole('combobox', { name: 'Role' })).toHaveDisplayValue('All roles');
      expect(usersRequests(requests).at(-1)?.query.has('roleId')).toBe(false);
      unmount();
    }
  });

  it('says when the roles could not be loaded, and lists them on Try again', async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.Users': true });
    let rolesUp = false;
    serve(() => (rolesUp ? listRoles() : rolesDown()));
    renderUsersPage('/identity/users');
    const filter = screen.getByRole('combobox', { name: 'Role' });
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(filter).toBeDisabled();
    expect(filter).toHaveAccessibleDescription('The roles could not be loaded.');
    expect(tryAgain).toHaveAccessibleDescription('The roles could not be loaded.');

    rolesUp = true;
    tryAgain.focus();
    fireEvent.click(tryAgain);
    await waitFor(() => expect(filter).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(filter).not.toHaveAccessibleDescription();
    expect(within(filter).getByRole('option', { name: 'editor' })).toBeInTheDocument();
    await waitFor(() => expect(filter).toHaveFocus());
  });

  it('keeps Try again, and the focus on it, while it asks again and when the roles fail again', async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.Users': true });
    // The first ask fails at once; the second waits for `answer`, then fails too.
    let answer: () => void = () => undefined;
    const requests = serve(
      () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(rolesDown());
          if (rolesAsked() === 1) answer();
        }),
    );
    const rolesAsked = () => requests.filter((request) => request.path === ASSIGNABLE_ROLES).length;
    renderUsersPage('/identity/users');
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    // Asked again and not yet answered: the button stays where the focus is.
    await waitFor(() => expect(rolesAsked()).toBe(2));
    expect(tryAgain).toBeInTheDocument();
    expect(tryAgain).toHaveFocus();
    answer();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(
        'The roles could not be loaded.',
      ),
    );
    expect(tryAgain).toBeInTheDocument();
    expect(tryAgain).toHaveFocus();
  });
});

describe('Users page, status filter', () => {
  /** The state filters of the last users request, as sent. */
  const lastStates = (requests: ReturnType<typeof serve>) => {
    const query = usersRequests(requests).at(-1)?.query;
    return { notActive: query?.get('notActive'), isLockedOut: query?.get('isLockedOut') };
  };

  it("asks for the address's status, then for each status chosen, with the role kept", async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.Users': true });
    const requests = serve();
    renderUsersPage(`/identity/users?roleId=${EDITOR}&status=inactive`);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveDisplayValue('Inactive');
    await waitFor(() =>
      expect(lastStates(requests)).toEqual({ notActive: 'true', isLockedOut: null }),
    );
    expect(usersRequests(requests).at(-1)?.query.get('roleId')).toBe(EDITOR);

    fireEvent.change(status, { target: { value: 'lockedOut' } });
    await waitFor(() =>
      expect(lastStates(requests)).toEqual({ notActive: null, isLockedOut: 'true' }),
    );
    expect(screen.getByLabelText('address')).toHaveTextContent(
      `/identity/users?roleId=${EDITOR}&status=lockedOut`,
    );
    fireEvent.change(status, { target: { value: 'active' } });
    await waitFor(() =>
      expect(lastStates(requests)).toEqual({ notActive: 'false', isLockedOut: null }),
    );
    fireEvent.change(status, { target: { value: '' } });
    await waitFor(() =>
      expect(lastStates(requests)).toEqual({ notActive: null, isLockedOut: null }),
    );
    expect(screen.getByLabelText('address')).toHaveTextContent(`/identity/users?roleId=${EDITOR}`);
    expect(status).toHaveDisplayValue('Any status');
  });

  it('takes a status it does not know for any status', async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.Users': true });
    const requests = serve();
    renderUsersPage('/identity/users?status=deleted');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Any status');
    await waitFor(() => expect(usersRequests(requests)).toHaveLength(1));
    expect(lastStates(requests)).toEqual({ notActive: null, isLockedOut: null });
  });
});

describe('Users page, signing a user out everywhere', () => {
  const ana = userDto('ana');
  const me = userDto('admin', { id: 'me' });
  const serveAna = () =>
    fakeServer((request) => {
      if (request.path === '/api/identity/users')
        return Response.json({ totalCount: 2, items: [me, ana] });
      if (request.path === `/api/identity/users/${ana.id}/logout`)
        return new Response(null, { status: 204 });
      return undefined;
    });
  const logouts = (requests: ReturnType<typeof serveAna>) =>
    requests.filter((request) => request.path.endsWith('/logout'));

  it("asks first, then ends the user's sessions and says so; never offered for oneself", async () => {
    await loadIdentityConfiguration({
      'AbpIdentity.Users': true,
      'AbpIdentity.Users.Update': true,
    });
    const requests = serveAna();
    renderUsersPage('/identity/users');
    const anaRow = (await screen.findByText('ana')).closest('tr') as HTMLElement;
    const meRow = screen.getByText('admin').closest('tr') as HTMLElement;
    // One's own row keeps Edit alone, a button rather than a menu.
    expect(within(meRow).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const signOutAna = () => {
      fireEvent.click(within(anaRow).getByRole('button', { name: 'Actions: ana' }));
      fireEvent.click(within(anaRow).getByRole('button', { name: 'Sign out everywhere' }));
    };

    signOutAna();
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'ana will have to sign in again on every device and app. Do you want to continue?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(logouts(requests)).toEqual([]);

    signOutAna();
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('ana was signed out everywhere.')).toBeInTheDocument();
    expect(logouts(requests).map((request) => request.method)).toEqual(['POST']);
  });

  it('is not offered without the Update permission', async () => {
    await loadIdentityConfiguration({
      'AbpIdentity.Users': true,
      'AbpIdentity.Users.Delete': true,
    });
    serveAna();
    renderUsersPage('/identity/users');
    const anaRow = (await screen.findByText('ana')).closest('tr') as HTMLElement;
    expect(within(anaRow).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(
      within(anaRow).queryByRole('button', { name: 'Sign out everywhere' }),
    ).not.toBeInTheDocument();
  });
});

describe('Users page, deleting a user', () => {
  it('names the user by user name, which no two users share, not by the name they may', async () => {
    const juan = userDto('juan.perez', { name: 'Juan' });
    const otherJuan = userDto('juan.lopez', { name: 'Juan' });
    fakeServer((request) =>
      request.path === '/api/identity/users'
        ? Response.json({ totalCount: 2, items: [juan, otherJuan] })
        : undefined,
    );
    await loadIdentityConfiguration({
      'AbpIdentity.Users': true,
      'AbpIdentity.Users.Delete': true,
    });
    renderUsersPage('/identity/users');
    const row = (await screen.findByText('juan.lopez')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("User 'juan.lopez' will be deleted. Do you confirm that?");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
