import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { administratorMenu as menu } from './menu-fixture';
import { MenuSearch } from './menu-search';

function Page() {
  return (
    <>
      <MenuSearch nodes={menu} />
      <p data-testid="location">{useLocation().pathname}</p>
    </>
  );
}

function renderSearch() {
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return screen.getByRole('combobox');
}

const location = () => screen.getByTestId('location').textContent;
const options = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('the top bar’s menu search', () => {
  it('lists the matching pages as the user types, with the groups above them', () => {
    const box = renderSearch();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.input(box, { target: { value: 'identidades' } });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(options()).toEqual([
      'RolesAdministración / Administración de identidades',
      'UsuariosAdministración / Administración de identidades',
    ]);
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id);
  });

  it('moves through the matches with the arrow keys and opens one with Enter', () => {
    const box = renderSearch();
    fireEvent.input(box, { target: { value: 'identidades' } });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const users = screen.getAllByRole('option')[1];
    expect(users).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', users?.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(location()).toBe('/identity/users');
    expect(box).toHaveValue('');
    expect(options()).toEqual([]);
  });

  it('opens a page on click', () => {
    const box = renderSearch();
    fireEvent.input(box, { target: { value: 'rol' } });
    fireEvent.click(screen.getByRole('option', { name: /Roles/ }));
    expect(location()).toBe('/identity/roles');
  });

  it('closes the list with Escape, then clears the box; leaving the box closes it too', () => {
    const box = renderSearch();
    fireEvent.input(box, { target: { value: 'usuarios' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('usuarios');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');

    fireEvent.input(box, { target: { value: 'usuarios' } });
    fireEvent.blur(box);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.focus(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('says so when no page matches, in a live region', () => {
    const box = renderSearch();
    fireEvent.input(box, { target: { value: 'invoices' } });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('invoices');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(location()).toBe('/');
  });

  it('takes the focus when "/" is typed outside a field or a dialog, and only then', () => {
    const box = renderSearch();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(box).toHaveFocus();
    box.blur();
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    fireEvent.keyDown(field, { key: '/' });
    expect(field).toHaveFocus();
    field.remove();
    const dialog = document.createElement('div');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    fireEvent.keyDown(document.body, { key: '/' });
    expect(box).not.toHaveFocus();
    dialog.remove();
  });
});
