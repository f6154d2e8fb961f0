import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { GetPermissionListResultDto } from '@vineta/contracts/permission-management/permissions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { applyLocalization } from '#src/core/localization/i18n';
import { createAppQueryClient } from '#src/core/query/query-client';
import { testConfiguration } from '#src/test/app-configuration';
import { identityTexts, permissionTexts, uiTexts } from '#src/test/server-texts';
import { ToastContainer } from '#src/theme/toast/toast-container';
import { toaster } from '#src/theme/toast/toaster';
import { PermissionManagementModal } from './permission-management-modal';

const list: GetPermissionListResultDto = {
  entityDisplayName: '3a0f-user-guid',
  groups: [
    {
      name: 'AbpIdentity',
      displayName: 'Identity management',
      permissions: [
        {
          name: 'AbpIdentity.Roles',
          displayName: 'Role management',
          parentName: null,
          isGranted: false,
          allowedProviders: [],
          grantedProviders: [],
        },
        {
          name: 'AbpIdentity.Roles.Create',
          displayName: 'Create',
          parentName: 'AbpIdentity.Roles',
          isGranted: false,
          allowedProviders: [],
          grantedProviders: [],
        },
        {
          name: 'AbpIdentity.Users',
          displayName: 'User management',
          parentName: null,
          isGranted: true,
          allowedProviders: [],
          grantedProviders: [{ providerName: 'R', providerKey: 'admin' }],
        },
      ],
    },
    {
      name: 'Settings',
      displayName: 'Setting management',
      permissions: [
        {
          name: 'Settings.Emailing',
          displayName: 'Emailing',
          parentName: null,
          isGranted: false,
          allowedProviders: [],
          grantedProviders: [],
        },
      ],
    },
  ],
};

/** The editor holds every permission of the list unless told otherwise. */
const everyPermission = Object.fromEntries(
  list.groups.flatMap((group) => group.permissions).map((permission) => [permission.name, true]),
);

async function setUp(userId = 'me', policies: Record<string, boolean> = everyPermission) {
  const configuration = testConfiguration({
    culture: 'en',
    authenticated: true,
    policies,
    values: {
      AbpIdentity: identityTexts.texts,
      AbpPermissionManagement: permissionTexts.texts,
      AbpUi: uiTexts.texts,
    } as Record<string, Record<string, string>>,
  });
  configuration.currentUser.id = userId;
  await applyLocalization(configuration);
  appConfigurationStore.set(configuration);
  const requests: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.includes('/api/permission-management/permissions')) {
        return init?.method === 'PUT' ? new Response(null, { status: 204 }) : Response.json(list);
      }
      if (url.includes('/api/abp/application-configuration')) return Response.json(configuration);
      return new Response('not found', { status: 404 });
    }),
  );
  const onVisibleChange = vi.fn();
  render(
    <QueryClientProvider client={createAppQueryClient()}>
      <PermissionManagementModal
        providerName="U"
        providerKey="user-1"
        displayName="ana"
        visible
        onVisibleChange={onVisibleChange}
      />
      <ToastContainer />
    </QueryClientProvider>,
  );
  await screen.findByLabelText('Grant all permissions');
  return { requests, onVisibleChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toaster.clear());
  appConfigurationStore.set(undefined);
});

describe('Permission management modal', () => {
  it("is titled with the user's name, not the id", async () => {
    await setUp();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Permissions - ana');
  });

  it('shows a grant from a role ticked, disabled and badged; counts per group', async () => {
    await setUp();
    const users = screen.getByLabelText('User management');
    expect(users).toBeChecked();
    expect(users).toBeDisabled();
    expect(users).toHaveAccessibleDescription('Granted by the admin role');
    const tab = screen.getByRole('tab', { name: 'Identity management (1)' });
    expect(tab).toHaveClass('fw-bold');
    expect(screen.getByRole('tab', { name: 'Setting management (0)' })).not.toHaveClass('fw-bold');
    expect(screen.getByLabelText('Grant all permissions')).toHaveProperty('indeterminate', true);
  });

  it("puts a permission's children in a group named after it", async () => {
    await setUp();
    const roles = screen.getByRole('group', { name: 'Role management' });
    expect(within(roles).getByRole('checkbox', { name: 'Create' })).toBeInTheDocument();
    expect(within(roles).queryByRole('checkbox', { name: 'Role management' })).toBeNull();
  });

  it('ticks the parent with its child and saves only the changes', async () => {
    const { requests, onVisibleChange } = await setUp();
    fireEvent.click(screen.getByLabelText('Create'));
    expect(screen.getByRole('checkbox', { name: 'Role management' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onVisibleChange).toHaveBeenCalledWith(false));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toContain('providerName=U');
    expect(put?.url).toContain('providerKey=user-1');
    expect(put?.body).toEqual({
      permissions: [
        { name: 'AbpIdentity.Roles', isGranted: true },
        { name: 'AbpIdentity.Roles.Create', isGranted: true },
      ],
    });
    expect(requests.some((request) => request.url.includes('application-configuration'))).toBe(
      false,
    );
  });

  it('reloads the application configuration when the current user is affected', async () => {
    const { requests } = await setUp('user-1');
    fireEvent.click(screen.getByLabelText('Grant all permissions'));
    expect(screen.getByRole('tab', { name: 'Setting management (1)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Setting management (1)' }));
    expect(screen.getByLabelText('Emailing')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('application-configuration'))).toBe(
        true,
      ),
    );
  });

  it('closes when the list cannot be loaded, rather than stay on Loading... unclosable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { code: null, message: 'Your request is not valid!', validationErrors: [] } },
          { status: 400 },
        ),
      ),
    );
    const onVisibleChange = vi.fn();
    render(
      <QueryClientProvider client={createAppQueryClient()}>
        <PermissionManagementModal
          providerName="R"
          providerKey={'r'.repeat(100)}
          visible
          onVisibleChange={onVisibleChange}
        />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(onVisibleChange).toHaveBeenCalledWith(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes without a request when nothing changed', async () => {
    const { requests, onVisibleChange } = await setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onVisibleChange).toHaveBeenCalledWith(false);
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('greys out what the editor does not hold, says why, and never sends it', async () => {
    const { requests, onVisibleChange } = await setUp('me', {
      ...everyPermission,
      'Settings.Emailing': false,
    });
    fireEvent.click(screen.getByLabelText('Grant all permissions'));
    expect(screen.getByLabelText('Grant all permissions')).toBeChecked();
    fireEvent.click(screen.getByRole('tab', { name: 'Setting management (0)' }));
    const emailing = screen.getByLabelText('Emailing');
    expect(emailing).toBeDisabled();
    expect(emailing).not.toBeChecked();
    expect(emailing).toHaveAccessibleDescription(
      'Permissions you do not have are greyed out: you cannot grant them.',
    );
    expect(screen.getByLabelText('Select all')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onVisibleChange).toHaveBeenCalledWith(false));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      permissions: [
        { name: 'AbpIdentity.Roles', isGranted: true },
        { name: 'AbpIdentity.Roles.Create', isGranted: true },
      ],
    });
  });

  it('shows a user who holds more than the editor read-only, saying why', async () => {
    await setUp('me', { ...everyPermission, 'AbpIdentity.Users': false });
    expect(screen.getByRole('status')).toHaveTextContent(
      'You cannot change this user: they have permissions that you do not have.',
    );
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Close', { selector: 'button' })).toBeInTheDocument();
  });
});
