import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { applyLocalization } from '#src/core/localization/i18n';
import { testConfiguration } from '#src/test/app-configuration';
import { FocusOnNavigation } from './focus-on-navigation';
import { RouteTitle } from './route-title';

const texts = (users: string, roles: string) => ({
  AbpIdentity: { Users: users, Roles: roles },
});

function Shell() {
  return (
    <>
      <RouteTitle />
      <FocusOnNavigation />
      <nav>
        <Link to="/users">Users link</Link>
        <Link to="/users?page=2">Page 2</Link>
        <Link to="/roles">Roles link</Link>
      </nav>
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function page(heading: string) {
  return () => <h1>{heading}</h1>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Shell,
        children: [
          { path: 'users', handle: { name: 'AbpIdentity::Users' }, Component: page('Usuarios') },
          { path: 'roles', handle: { name: 'AbpIdentity::Roles' }, Component: page('Roles') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterAll(() => applyLocalization(testConfiguration({ culture: 'en', values: {} })));

describe('the page around every route', () => {
  it('names the tab after the route, in the current language, with the application', async () => {
    await applyLocalization(testConfiguration({ values: texts('Usuarios', 'Roles') }));
    renderAt('/users');
    await screen.findByRole('heading', { name: 'Usuarios' });
    expect(document.title).toBe('Usuarios – Viñeta');
    fireEvent.click(screen.getByRole('link', { name: 'Roles link' }));
    await waitFor(() => expect(document.title).toBe('Roles – Viñeta'));
    await act(() =>
      applyLocalization(
        testConfiguration({ culture: 'ar', values: texts('المستخدمون', 'الأدوار') }),
      ),
    );
    await waitFor(() => expect(document.title).toBe('الأدوار – Viñeta'));
  });

  it('moves focus to the new page’s heading after a navigation, not on the first load', async () => {
    renderAt('/users');
    await screen.findByRole('heading', { level: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();

    const roles = screen.getByRole('link', { name: 'Roles link' });
    roles.focus();
    fireEvent.click(roles);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('leaves focus where it is when only the query changes (a list’s page or filter)', async () => {
    renderAt('/users');
    await screen.findByRole('heading', { level: 1 });
    const second = screen.getByRole('link', { name: 'Page 2' });
    second.focus();
    fireEvent.click(second);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(second).toHaveFocus();
  });
});
