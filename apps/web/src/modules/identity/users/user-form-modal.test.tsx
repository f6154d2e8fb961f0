import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeServer,
  loadIdentityConfiguration,
  renderWithProviders,
  resetIdentityState,
  userDto,
} from '../identity-test-kit';
import { UserFormModal } from './user-form-modal';

const role = (name: string, isDefault = false) => ({
  id: `id-${name}`,
  name,
  isDefault,
  isStatic: false,
  isPublic: false,
  concurrencyStamp: 's',
  extraProperties: {},
});
const assignable = { items: [role('admin'), role('member', true)] };
const ana = userDto('ana', { id: 'user-1', concurrencyStamp: 'stamp-1' });

function serve() {
  return fakeServer((request) => {
    if (request.path === '/api/identity/users/assignable-roles') return Response.json(assignable);
    if (request.path === '/api/identity/users/user-1/roles')
      return Response.json({ items: [role('admin')] });
    if (request.path === '/api/identity/users/user-1' && request.method === 'GET')
      return Response.json(ana);
    if (request.method === 'POST' || request.method === 'PUT') return Response.json(ana);
    return undefined;
  });
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

afterEach(() => resetIdentityState());

describe('User form modal', () => {
  it('checks the default roles for a new user and requires a password with the rules', async () => {
    await loadIdentityConfiguration({});
    const requests = serve();
    const onClose = vi.fn();
    renderWithProviders(<UserFormModal onClose={onClose} />);
    await screen.findByLabelText('User name');
    fireEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(screen.getByLabelText('member')).toBeChecked();
    expect(screen.getByLabelText('admin')).not.toBeChecked();
    // The default role comes first, out of the alphabet, and a tick moves nothing.
    const panel = screen.getByRole('tabpanel', { name: 'Roles' });
    const order = () =>
      within(panel)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value'));
    expect(order()).toEqual(['member', 'admin']);
    fireEvent.click(screen.getByLabelText('admin'));
    expect(order()).toEqual(['member', 'admin']);
    fireEvent.click(screen.getByLabelText('admin'));
    fireEvent.click(screen.getByRole('tab', { name: 'User information' }));

    type('User name', 'bea');
    type('Email address', 'bea@example.com');
    type('Password', 'abc');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveClass('is-invalid'));
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    type('Password', '1q2w3E*x');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({
      userName: 'bea',
      email: 'bea@example.com',
      password: '1q2w3E*x',
      roleNames: ['member'],
      isActive: true,
      lockoutEnabled: true,
    });
  });

  it("edits with the user's roles and keeps the password when it is left empty", async () => {
    await loadIdentityConfiguration({});
    const requests = serve();
    const onClose = vi.fn();
    renderWithProviders(<UserFormModal userId="user-1" onClose={onClose} />);
    expect(await screen.findByLabelText('User name')).toHaveValue('ana');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Leave empty to keep the current password.',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(screen.getByLabelText('admin')).toBeChecked();
    expect(screen.getByLabelText('member')).not.toBeChecked();
    fireEvent.click(screen.getByRole('tab', { name: 'User information' }));
    type('Name', 'Ana');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/identity/users/user-1');
    expect(put?.body).toMatchObject({
      name: 'Ana',
      password: null,
      concurrencyStamp: 'stamp-1',
      roleNames: ['admin'],
    });
  });

  it('keeps one from deactivating or unlocking oneself, and reloads the configuration after', async () => {
    await loadIdentityConfiguration({}, 'user-1');
    const requests = serve();
    const onClose = vi.fn();
    renderWithProviders(<UserFormModal userId="user-1" onClose={onClose} />);
    expect(await screen.findByLabelText('User name')).toHaveValue('ana');
    expect(screen.getByLabelText('Active')).toBeDisabled();
    expect(screen.getByLabelText('Lock account after failed login attempts')).toBeDisabled();
    type('Name', 'Ana');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      isActive: true,
      lockoutEnabled: true,
    });
    // The top bar's name and the permissions come from the configuration.
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain(
        '/api/abp/application-configuration',
      ),
    );
  });

  describe('roles the signed-in user may not give (decision 022)', () => {
    const beyond = (name: string, isDefault = false) => ({
      ...role(name, isDefault),
      extraProperties: { CallerMayAssign: false },
    });
    function serveWith(userRoles: ReturnType<typeof role>[]) {
      return fakeServer((request) => {
        if (request.path === '/api/identity/users/assignable-roles')
          return Response.json({ items: [beyond('admin', true), role('member', true)] });
        if (request.path === '/api/identity/users/user-1/roles')
          return Response.json({ items: userRoles });
        if (request.path === '/api/identity/users/user-1' && request.method === 'GET')
          return Response.json(ana);
        return undefined;
      });
    }

    it('greys them out, says why, and leaves them off a new user', async () => {
      await loadIdentityConfiguration({});
      serveWith([]);
      renderWithProviders(<UserFormModal onClose={vi.fn()} />);
      await screen.findByLabelText('User name');
      fireEvent.click(screen.getByRole('tab', { name: 'Roles' }));
      const admin = screen.getByLabelText('admin');
      expect(admin).toBeDisabled();
      expect(admin).not.toBeChecked();
      expect(admin).toHaveAccessibleDescription(
        'Roles with permissions you do not have are greyed out: you cannot give them.',
      );
      expect(screen.getByLabelText('member')).toBeEnabled();
      expect(screen.getByLabelText('member')).toBeChecked();
    });

    it('shows a user who holds one read-only, saying why', async () => {
      await loadIdentityConfiguration({});
      serveWith([beyond('admin', true)]);
      renderWithProviders(<UserFormModal userId="user-1" onClose={vi.fn()} />);
      expect(
        await screen.findByText(
          'You cannot change this user: they have permissions that you do not have.',
        ),
      ).toHaveAttribute('role', 'status');
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    });
  });
});
