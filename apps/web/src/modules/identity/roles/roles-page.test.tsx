import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CurrentAddress,
  fakeServer,
  loadIdentityConfiguration,
  renderWithProviders,
  resetIdentityState,
  roleDto,
} from '../identity-test-kit';
import { RolesPage } from './roles-page';

const roles = [
  roleDto('admin', { isStatic: true, isPublic: true }),
  roleDto('editor', { isDefault: true }),
];

function serveRoles() {
  return fakeServer((request) =>
    request.path === '/api/identity/roles' && request.method === 'GET'
      ? Response.json({ totalCount: roles.length, items: roles })
      : request.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
  );
}

const all = {
  'AbpIdentity.Roles': true,
  'AbpIdentity.Roles.Create': true,
  'AbpIdentity.Roles.Update': true,
  'AbpIdentity.Roles.Delete': true,
  'AbpIdentity.Roles.ManagePermissions': true,
};

afterEach(() => {
  resetIdentityState();
  vi.useRealTimers();
});

describe('Roles page', () => {
  it('lists the roles with their badges and a sortable name column', async () => {
    await loadIdentityConfiguration(all);
    const requests = serveRoles();
    renderWithProviders(<RolesPage />);
    const adminRow = (await screen.findByText('admin')).closest('tr') as HTMLElement;
    expect(within(adminRow).getByText('Static')).toBeInTheDocument();
    expect(within(adminRow).getByText('Public')).toBeInTheDocument();
    expect(
      within(screen.getByText('editor').closest('tr') as HTMLElement).getByText('Default'),
    ).toBeInTheDocument();
    expect(requests[0]?.query.get('maxResultCount')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: /Role name/ }));
    await waitFor(() => expect(requests.at(-1)?.query.get('sorting')).toBe('name asc'));
    fireEvent.click(screen.getByRole('button', { name: /Role name/ }));
    await waitFor(() => expect(requests.at(-1)?.query.get('sorting')).toBe('name desc'));
  });

  it('sends the search after the 300 ms debounce', async () => {
    await loadIdentityConfiguration(all);
    const requests = serveRoles();
    renderWithProviders(<RolesPage />);
    await screen.findByText('admin');
    const searched = () => requests.some((request) => request.query.get('filter') === 'edi');
    vi.useFakeTimers();
    try {
      fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'edi' } });
      await vi.advanceTimersByTimeAsync(299);
      expect(searched()).toBe(false);
      // The debounce ends at 300 ms; the render and the query's fetch follow on short timers.
      await vi.advanceTimersByTimeAsync(20);
      expect(searched()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(requests.at(-1)?.query.get('filter')).toBe('edi');
    expect(requests.at(-1)?.query.get('skipCount')).toBe('0');
  });

  it('shows only the actions the user holds, and no Delete for a static role', async () => {
    await loadIdentityConfiguration({
      'AbpIdentity.Roles': true,
      'AbpIdentity.Roles.Delete': true,
    });
    serveRoles();
    renderWithProviders(<RolesPage />);
    const adminRow = (await screen.findByText('admin')).closest('tr') as HTMLElement;
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
    expect(within(adminRow).queryByRole('button')).not.toBeInTheDocument();
    const editorRow = screen.getByText('editor').closest('tr') as HTMLElement;
    expect(within(editorRow).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("opens the users list of a role's members for a user who may list users", async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.Roles': true, 'AbpIdentity.Users': true });
    serveRoles();
    renderWithProviders(
      <>
        <RolesPage />
        <CurrentAddress />
      </>,
      { path: '/identity/roles' },
    );
    const editorRow = (await screen.findByText('editor')).closest('tr') as HTMLElement;
    fireEvent.click(within(editorRow).getByRole('button', { name: 'Users' }));
    expect(screen.getByLabelText('address')).toHaveTextContent('/identity/users?roleId=id-editor');
  });

  it('hides the Actions column without any action permission', async () => {
    await loadIdentityConfiguration({ 'AbpIdentity.Roles': true });
    serveRoles();
    renderWithProviders(<RolesPage />);
    await screen.findByText('admin');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('deletes after the confirmation', async () => {
    await loadIdentityConfiguration({
      'AbpIdentity.Roles': true,
      'AbpIdentity.Roles.Delete': true,
    });
    const requests = serveRoles();
    renderWithProviders(<RolesPage />);
    const editorRow = (await screen.findByText('editor')).closest('tr') as HTMLElement;
    fireEvent.click(within(editorRow).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("Role 'editor' will be deleted. Do you confirm that?");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'DELETE' && r.path === '/api/identity/roles/id-editor'),
      ).toBe(true),
    );
  });

  it('opens the edit modal with the name disabled for a static role', async () => {
    await loadIdentityConfiguration({
      'AbpIdentity.Roles': true,
      'AbpIdentity.Roles.Update': true,
    });
    fakeServer((request) => {
      if (request.path === '/api/identity/roles')
        return Response.json({ totalCount: 2, items: roles });
      if (request.path === '/api/identity/roles/id-admin') return Response.json(roles[0]);
      return undefined;
    });
    renderWithProviders(<RolesPage />);
    const adminRow = (await screen.findByText('admin')).closest('tr') as HTMLElement;
    fireEvent.click(within(adminRow).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('Role name')).toBeDisabled();
    expect(screen.getByLabelText('Role name')).toHaveValue('admin');
    expect(screen.getByLabelText('Public')).toBeChecked();
    // Named after the role it edits, which the list behind no longer says.
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Edit admin');
  });

  it('says a role deleted meanwhile is gone, closes the form and reloads the list', async () => {
    await loadIdentityConfiguration({
      'AbpIdentity.Roles': true,
      'AbpIdentity.Roles.Update': true,
    });
    let deleted = false;
    const requests = fakeServer((request) => {
      if (request.path === '/api/identity/roles')
        return Response.json(
          deleted ? { totalCount: 1, items: [roles[0]] } : { totalCount: 2, items: roles },
        );
      const gone = () =>
        Response.json(
          {
            error: { code: null, message: 'There is no entity IdentityRole with id = id-editor!' },
          },
          { status: 404, headers: { _AbpErrorFormat: 'true' } },
        );
      if (request.path === '/api/identity/roles/id-editor' && request.method === 'GET')
        return deleted ? gone() : Response.json(roles[1]);
      if (request.path === '/api/identity/roles/id-editor' && request.method === 'PUT') {
        deleted = true;
        return gone();
      }
      return undefined;
    });
    renderWithProviders(<RolesPage />);
    const editorRow = (await screen.findByText('editor')).closest('tr') as HTMLElement;
    fireEvent.click(within(editorRow).getByRole('button', { name: 'Edit' }));
    fireEvent.input(await screen.findByLabelText('Role name'), { target: { value: 'editors' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('This item no longer exists: someone else may have deleted it.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('editor')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.path === '/api/identity/roles').length).toBe(2);
    // The gone role is not read again: that would fail too, with ABP's dialog over the message.
    const reads = requests.filter(
      (request) => request.path === '/api/identity/roles/id-editor' && request.method === 'GET',
    );
    expect(reads).toHaveLength(1);
    expect(screen.queryByText(/There is no entity/)).not.toBeInTheDocument();
  });

  it.each([
    { held: ['editor'], reloads: true },
    { held: ['admin'], reloads: false },
  ])(
    'reloads the configuration after an edit only for a role the user holds ($held)',
    async ({ held, reloads }) => {
      const configuration = await loadIdentityConfiguration({
        'AbpIdentity.Roles': true,
        'AbpIdentity.Roles.Update': true,
      });
      configuration.currentUser.roles = held;
      const requests = fakeServer((request) => {
        if (request.path === '/api/identity/roles')
          return Response.json({ totalCount: 2, items: roles });
        if (request.path === '/api/identity/roles/id-editor')
          return Response.json(request.method === 'PUT' ? roleDto('editors') : roles[1]);
        if (request.path === '/api/abp/application-configuration')
          return Response.json(configuration);
        return undefined;
      });
      renderWithProviders(<RolesPage />);
      const editorRow = (await screen.findByText('editor')).closest('tr') as HTMLElement;
      fireEvent.click(within(editorRow).getByRole('button', { name: 'Edit' }));
      fireEvent.input(await screen.findByLabelText('Role name'), { target: { value: 'editors' } });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() =>
        expect(requests.filter((request) => request.path === '/api/identity/roles').length).toBe(2),
      );
      const configurationLoads = requests.filter(
        (request) => request.path === '/api/abp/application-configuration',
      );
      expect(configurationLoads.length).toBe(reloads ? 1 : 0);
    },
  );

  it('shows a taken name under the Role name field as well as in the toast', async () => {
    await loadIdentityConfiguration({
      'AbpIdentity.Roles': true,
      'AbpIdentity.Roles.Create': true,
    });
    const taken = "Role name 'editor' is already taken.";
    fakeServer((request) => {
      if (request.path === '/api/identity/roles' && request.method === 'GET')
        return Response.json({ totalCount: 2, items: roles });
      if (request.path === '/api/identity/roles' && request.method === 'POST')
        return Response.json(
          { error: { code: 'Volo.Abp.Identity:DuplicateRoleName', message: taken } },
          { status: 403, headers: { _AbpErrorFormat: 'true' } },
        );
      return undefined;
    });
    renderWithProviders(<RolesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New role' }));
    fireEvent.input(await screen.findByLabelText('Role name'), { target: { value: 'editor' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Role name')).toHaveAccessibleDescription(taken),
    );
    expect(screen.getByLabelText('Role name')).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getAllByText(taken).length).toBe(2);
  });
});
