import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProfileDto } from '@vineta/contracts/account/profile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  abpError,
  accountConfiguration,
  fakeServer,
  loadConfiguration,
  type RecordedRequest,
  renderAccountPage,
  resetAccountState,
} from '../account-test-kit';
import { myProfileQueryKey } from '../api/get-my-profile';
import { ManageProfilePage } from './manage-profile-page';

const path = '/account/manage';
const userId = 'user-1';
const profile: ProfileDto = {
  userName: 'ana',
  email: 'ana@example.com',
  name: null,
  surname: 'López',
  phoneNumber: null,
  isExternal: false,
  hasPassword: true,
  concurrencyStamp: 'stamp-1',
  extraProperties: {},
};

type Handler = (request: RecordedRequest) => Response | Promise<Response> | undefined;

async function renderManageWith(
  settings: Record<string, string>,
  stored: Partial<ProfileDto> = {},
  ...handlers: Handler[]
) {
  const configuration = accountConfiguration({ authenticated: true, userId, settings });
  const requests = fakeServer(configuration, ...handlers, (request) =>
    request.path === '/api/account/my-profile' && request.method === 'GET'
      ? Response.json({ ...profile, ...stored })
      : undefined,
  );
  await loadConfiguration(configuration);
  return { requests, ...renderAccountPage(<ManageProfilePage />, path, path) };
}

const renderManage = (stored: Partial<ProfileDto> = {}, ...handlers: Handler[]) =>
  renderManageWith({}, stored, ...handlers);

function type(element: HTMLElement, value: string) {
  act(() => {
    fireEvent.input(element, { target: { value } });
  });
}

const tab = (name: string) => screen.getByRole('tab', { name });
const field = (name: string) => screen.getByLabelText(name);
const save = () => screen.getByRole('button', { name: 'Save' });

afterEach(() => {
  resetAccountState();
  vi.useRealTimers();
});

describe('My account', () => {
  it('shows a loading indicator until the profile has a user name', async () => {
    let answer: (response: Response) => void = () => undefined;
    await renderManage({}, (request) =>
      request.path === '/api/account/my-profile'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My account');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await act(async () => answer(Response.json(profile)));
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('says the profile could not be loaded, in place of a spinner, and reads it again on Try again', async () => {
    let failing = true;
    await renderManage({}, (request) =>
      request.path === '/api/account/my-profile' && failing
        ? abpError(500, 'An internal error occurred during your request!')
        : undefined,
    );
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/This page could not be loaded\./)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    failing = false;
    fireEvent.click(tryAgain);
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
    expect(screen.queryByText(/This page could not be loaded/)).not.toBeInTheDocument();
  });

  it('opens on Change password, with Personal settings as the second tab; arrows switch', async () => {
    await renderManage();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((item) => item.textContent)).toEqual(['Change password', 'Personal settings']);
    expect(tab('Change password')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Change password');
    fireEvent.keyDown(tab('Change password'), { key: 'ArrowDown' });
    expect(tab('Personal settings')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Personal settings')).toHaveFocus();
    expect(field('Username')).toHaveValue('ana');
  });

  it('keeps what was typed on a tab after a look at the other', async () => {
    await renderManage();
    type(await screen.findByLabelText('New password'), 'half-typed');
    fireEvent.click(tab('Personal settings'));
    type(field('Surname'), 'Pérez');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Personal settings');
    fireEvent.click(tab('Change password'));
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Change password');
    expect(field('New password')).toHaveValue('half-typed');
    fireEvent.click(tab('Personal settings'));
    expect(field('Surname')).toHaveValue('Pérez');
  });

  it('has no Change password tab for an external user and opens Personal settings', async () => {
    await renderManage({ isExternal: true });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((item) => item.textContent)).toEqual(['Personal settings']);
    expect(tab('Personal settings')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('Change password', () => {
  /** Types the current password and a valid new one twice, then presses Save. */
  async function changePassword(current: string) {
    type(await screen.findByLabelText('Current password'), current);
    type(field('New password'), '1q2w3E*');
    type(field('Confirm new password'), '1q2w3E*');
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
  }

  it('sends the current password, toasts success for 5000 ms and resets the form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = await renderManage({}, (request) =>
      request.path === '/api/account/my-profile/change-password'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    await changePassword('old-1Q*');
    const toast = await screen.findByText('Your password has been changed successfully.');
    act(() => vi.advanceTimersByTime(4900));
    expect(toast.closest('.app-toast')).toHaveClass('app-toast-success');
    expect(screen.getByText('Your password has been changed successfully.')).toBeInTheDocument();
    const sent = requests.find((r) => r.path === '/api/account/my-profile/change-password');
    expect(sent?.body).toEqual({ currentPassword: 'old-1Q*', newPassword: '1q2w3E*' });
    await waitFor(() => expect(field('Current password')).toHaveValue(''));
    expect(field('New password')).toHaveValue('');
    act(() => vi.advanceTimersByTime(100));
    expect(
      screen.queryByText('Your password has been changed successfully.'),
    ).not.toBeInTheDocument();
  });

  it('lets each of the three passwords be shown, the current one filled as the current password', async () => {
    await renderManage();
    const current = await screen.findByLabelText('Current password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(field('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    fireEvent.click(toggles[2] as HTMLElement);
    expect(field('Confirm new password')).toHaveAttribute('type', 'text');
    expect(current).toHaveAttribute('type', 'password');
  });

  it('without a password: no current-password field; after a change it is back and required', async () => {
    const { requests, queryClient } = await renderManage({ hasPassword: false }, (request) =>
      request.path === '/api/account/my-profile/change-password'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    await screen.findByLabelText('New password');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    type(field('New password'), '1q2w3E*');
    type(field('Confirm new password'), '1q2w3E*');
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    expect(await screen.findByLabelText('Current password')).toHaveValue('');
    const sent = requests.find((r) => r.path === '/api/account/my-profile/change-password');
    expect(sent?.body).toEqual({ newPassword: '1q2w3E*' });
    expect(queryClient.getQueryData<ProfileDto>(myProfileQueryKey(userId))?.hasPassword).toBe(true);
    type(field('New password'), '1q2w3E*');
    type(field('Confirm new password'), '1q2w3E*');
    await waitFor(() => expect(save()).toBeDisabled());
    const form = save().closest('form') as HTMLFormElement;
    await act(async () => fireEvent.submit(form));
    await waitFor(() =>
      expect(field('Current password')).toHaveAccessibleDescription('This field is required.'),
    );
  });

  it('shows the rules, the mismatch on both fields and keeps Save disabled while invalid', async () => {
    await renderManage();
    type(await screen.findByLabelText('Current password'), 'x');
    type(field('New password'), 'short');
    await waitFor(() =>
      expect(field('New password')).toHaveAccessibleDescription(
        'Min. 6 characters are required. (has 5)',
      ),
    );
    type(field('New password'), '1q2w3E*');
    type(field('Confirm new password'), '1q2w3E?');
    await waitFor(() =>
      expect(field('Confirm new password')).toHaveAccessibleDescription('Passwords do not match.'),
    );
    expect(field('New password')).toHaveAccessibleDescription('Passwords do not match.');
    expect(save()).toBeDisabled();
  });

  it("toasts the server's message when the change fails", async () => {
    await renderManage({}, (request) =>
      request.path === '/api/account/my-profile/change-password'
        ? abpError(400, 'Incorrect password.')
        : undefined,
    );
    await changePassword('wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password.');
    expect(field('Current password')).toHaveValue('wrong');
  });
  it.each([
    ['Volo.Abp.Identity:PasswordMismatch', 'Incorrect password.', 'Current password'],
    [
      'Volo.Abp.Identity:PasswordRequiresUniqueChars',
      'Passwords must use at least 3 different characters.',
      'New password',
    ],
  ])('puts %s under its field too, which takes focus', async (code, message, label) => {
    await renderManage({}, (request) =>
      request.path === '/api/account/my-profile/change-password'
        ? abpError(403, message, { code })
        : undefined,
    );
    await changePassword('wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveFocus();
  });
});

describe('Personal settings', () => {
  async function openPersonalSettings(...handlers: Handler[]) {
    const view = await renderManage({}, ...handlers);
    fireEvent.click(await screen.findByRole('tab', { name: 'Personal settings' }));
    return view;
  }

  it('fills the form from the profile, nulls as empty fields', async () => {
    await openPersonalSettings();
    expect(field('Username')).toHaveValue('ana');
    expect(field('Name')).toHaveValue('');
    expect(field('Surname')).toHaveValue('López');
    expect(field('Email')).toHaveValue('ana@example.com');
    expect(field('Phone number')).toHaveValue('');
  });

  it('shows a user name and an e-mail the settings keep as they are read-only, saying so', async () => {
    await renderManageWith({
      'Abp.Identity.User.IsUserNameUpdateEnabled': 'False',
      'Abp.Identity.User.IsEmailUpdateEnabled': 'False',
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Personal settings' }));
    expect(field('Username')).toHaveAttribute('readonly');
    expect(field('Username')).toHaveAccessibleDescription('Your user name cannot be changed here.');
    expect(field('Email')).toHaveAttribute('readonly');
    expect(field('Email')).toHaveAccessibleDescription(
      'Your email address cannot be changed here.',
    );
    expect(field('Name')).not.toHaveAttribute('readonly');
  });

  it('blocks the space key in the user name', async () => {
    await openPersonalSettings();
    const allowed = fireEvent.keyDown(field('Username'), { key: ' ' });
    expect(allowed).toBe(false);
    expect(fireEvent.keyDown(field('Username'), { key: 'a' })).toBe(true);
  });

  it.each([
    ['Username', 'u'.repeat(257), 'Max. 256 characters are allowed. (has 257)'],
    ['Username', '', 'This field is required.'],
    [
      'Username',
      'ana lopez',
      'A user name can only contain unaccented letters, digits and the characters - . _ @ +',
    ],
    [
      'Username',
      'ñandú',
      'A user name can only contain unaccented letters, digits and the characters - . _ @ +',
    ],
    ['Email', `${'e'.repeat(245)}@example.com`, 'Max. 256 characters are allowed. (has 257)'],
    ['Email', 'ana@', 'Please enter a valid email address.'],
    ['Email', '', 'This field is required.'],
    ['Name', 'n'.repeat(65), 'Max. 64 characters are allowed. (has 65)'],
    ['Surname', 's'.repeat(65), 'Max. 64 characters are allowed. (has 65)'],
    ['Phone number', '5'.repeat(17), 'Max. 16 characters are allowed. (has 17)'],
  ])('%s %j: %s, Save disabled', async (label, value, message) => {
    await openPersonalSettings();
    type(field(label), value);
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(save()).toBeDisabled();
  });

  it.each([
    ['Volo.Abp.Identity:DuplicateUserName', "Username 'eva' is already taken.", 'Username'],
    ['Volo.Abp.Identity:DuplicateEmail', "Email 'eva@example.com' is already taken.", 'Email'],
  ])('puts %s under its field, which takes focus', async (code, message, label) => {
    await openPersonalSettings((request) =>
      request.path === '/api/account/my-profile' && request.method === 'PUT'
        ? abpError(403, message, { code })
        : undefined,
    );
    type(field('Surname'), 'Mine');
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveFocus();
  });

  it('reads the profile again after a conflict, so that the form shows what is stored now', async () => {
    let reads = 0;
    await openPersonalSettings((request) => {
      if (request.path !== '/api/account/my-profile') return undefined;
      if (request.method === 'PUT') return abpError(409, 'Changed by another user.');
      reads += 1;
      return reads === 1
        ? undefined
        : Response.json({ ...profile, surname: 'Ruiz', concurrencyStamp: 'stamp-9' });
    });
    type(field('Surname'), 'Mine');
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    await waitFor(() => expect(field('Surname')).toHaveValue('Ruiz'));
  });

  it('saves with the concurrency stamp; the answer replaces the stored profile; toast for 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const saved: ProfileDto = {
      ...profile,
      name: 'Ana',
      phoneNumber: '5512345678',
      concurrencyStamp: 'stamp-2',
    };
    const { requests, queryClient } = await openPersonalSettings((request) =>
      request.path === '/api/account/my-profile' && request.method === 'PUT'
        ? Response.json(saved)
        : undefined,
    );
    type(field('Name'), ' Ana ');
    type(field('Phone number'), '5512345678');
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    const toast = (await screen.findByText('Personal settings saved')).closest('.app-toast');
    expect(toast).toHaveClass('app-toast-success');
    expect(within(toast as HTMLElement).getByText('Success')).toBeInTheDocument();
    const put = requests.find((r) => r.path === '/api/account/my-profile' && r.method === 'PUT');
    expect(put?.body).toEqual({
      userName: 'ana',
      email: 'ana@example.com',
      name: ' Ana ',
      surname: 'López',
      phoneNumber: '5512345678',
      concurrencyStamp: 'stamp-1',
    });
    expect(queryClient.getQueryData(myProfileQueryKey(userId))).toEqual(saved);
    await waitFor(() => expect(field('Name')).toHaveValue('Ana'));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Personal settings saved')).not.toBeInTheDocument();
    // The next save carries the new stamp.
    type(field('Surname'), 'Lopez');
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path === '/api/account/my-profile' && r.method === 'PUT'),
      ).toHaveLength(2),
    );
    const second = requests.filter((r) => r.method === 'PUT').at(-1);
    expect(second?.body).toMatchObject({ concurrencyStamp: 'stamp-2' });
  });
});
