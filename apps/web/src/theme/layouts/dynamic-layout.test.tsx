import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { replaceableKeys, replaceComponent } from '#src/core/routing/replaceable-components';
import { testConfiguration } from '#src/test/app-configuration';
import { DynamicLayout } from './dynamic-layout';

function renderAt(path: string) {
  appConfigurationStore.set(testConfiguration({ multiTenancy: false }));
  const router = createMemoryRouter(
    [
      {
        Component: DynamicLayout,
        children: [
          { path: '/plain', element: <p>plain page</p> },
          {
            path: '/account',
            handle: { layout: 'account' },
            children: [{ path: 'login', element: <p>login page</p> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  replaceComponent(replaceableKeys.accountLayout, null);
  appConfigurationStore.set(undefined);
});

describe('dynamic layout', () => {
  it('uses the empty layout by default', async () => {
    renderAt('/plain');
    expect(await screen.findByText('plain page')).toBeInTheDocument();
    expect(document.querySelector('.app-empty-layout')).not.toBeNull();
  });

  it("takes the layout from the nearest parent route's data", async () => {
    renderAt('/account/login');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(document.querySelector('.app-account-layout')).not.toBeNull();
  });

  it('lets a layout be replaced by key', async () => {
    replaceComponent(replaceableKeys.accountLayout, () => (
      <section aria-label="custom layout">
        <Outlet />
      </section>
    ));
    renderAt('/account/login');
    expect(await screen.findByRole('region', { name: 'custom layout' })).toHaveTextContent(
      'login page',
    );
  });
});
