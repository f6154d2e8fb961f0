import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routeEntries } from '#src/app/routes';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { applyLocalization } from '#src/core/localization/i18n';
import { routeRegistry } from '#src/core/routing/menu-tree';
import { testConfiguration } from '#src/test/app-configuration';
import { renderWithProviders } from '#src/test/render-with-providers';
import { AdminPage } from './admin-page';

const texts = {
  Vineta: {
    'Menu:Administration': 'Administration',
    'AdminArea:NothingToManage': 'There is nothing here you may manage.',
    'AdminArea:SignInToManage': 'Sign in to see what you may manage.',
  },
  AbpAccount: { Login: 'Login' },
  AbpIdentity: {
    'Menu:IdentityManagement': 'Identity management',
    Roles: 'Roles',
    Users: 'Users',
    SecurityLogs: 'Security logs',
  },
  AbpTenantManagement: { 'Menu:TenantManagement': 'Tenant management', Tenants: 'Tenants' },
};

async function renderAs(policies: Record<string, boolean>, authenticated = true) {
  const configuration = testConfiguration({
    culture: 'en',
    authenticated,
    policies,
    values: texts,
  });
  await applyLocalization(configuration);
  act(() => {
    appConfigurationStore.set(configuration);
    routeRegistry.set(routeEntries);
  });
  renderWithProviders(<AdminPage />, { path: '/admin' });
}

afterEach(() => {
  act(() => {
    appConfigurationStore.set(undefined);
    routeRegistry.set([]);
  });
});

describe('/admin', () => {
  it('lists the sections and pages the user may see, as the menu does', async () => {
    await renderAs({ 'AbpIdentity.Users': true, 'AbpTenantManagement.Tenants': true });
    const identity = screen.getByRole('region', { name: 'Identity management' });
    expect(within(identity).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/identity/users',
    );
    expect(within(identity).queryByRole('link', { name: 'Roles' })).toBeNull();
    const tenants = screen.getByRole('region', { name: 'Tenant management' });
    expect(within(tenants).getByRole('link', { name: 'Tenants' })).toHaveAttribute(
      'href',
      '/tenant-management/tenants',
    );
    expect(screen.queryByText('There is nothing here you may manage.')).toBeNull();
  });

  it('tells a user who may see none of them so', async () => {
    await renderAs({});
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('There is nothing here you may manage.')).toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    await renderAs({}, false);
    expect(screen.getByText(/Sign in to see what you may manage/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/account/login');
  });
});
