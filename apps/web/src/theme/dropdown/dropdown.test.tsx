import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dropdown } from './dropdown';

function renderMenu() {
  render(
    <Dropdown label="Actions">
      {(close) => (
        <button type="button" className="dropdown-item" onClick={close}>
          Edit
        </button>
      )}
    </Dropdown>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
  return screen.getByRole('button', { name: 'Edit' });
}

describe('Dropdown', () => {
  it('gives focus back to its toggle when Escape closes it from an item', () => {
    renderMenu().focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus();
  });

  it('gives focus back to its toggle when an item is chosen', () => {
    fireEvent.click(renderMenu());
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus();
  });
});

describe('Dropdown from the keyboard', () => {
  function renderTwoItems() {
    render(
      <>
        <Dropdown label="Actions">
          {(close) => (
            <>
              <button type="button" className="dropdown-item" onClick={close}>
                Edit
              </button>
              <button type="button" className="dropdown-item" onClick={close}>
                Delete
              </button>
            </>
          )}
        </Dropdown>
        <button type="button">Next control</button>
      </>,
    );
    return screen.getByRole('button', { name: 'Actions' });
  }

  it('opens at its first item on ArrowDown, and the arrows, Home and End move among the items', () => {
    const toggle = renderTwoItems();
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('opens at its last item on ArrowUp', () => {
    const toggle = renderTwoItems();
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'ArrowUp' });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('closes when focus leaves it, and stays open while focus moves inside', () => {
    const toggle = renderTwoItems();
    fireEvent.click(toggle);
    const edit = screen.getByRole('button', { name: 'Edit' });
    const remove = screen.getByRole('button', { name: 'Delete' });
    fireEvent.focusOut(edit, { relatedTarget: remove });
    expect(remove).toBeInTheDocument();
    fireEvent.focusOut(remove, {
      relatedTarget: screen.getByRole('button', { name: 'Next control' }),
    });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when Tab takes the focus out of the page, and stays open when it moves inside', async () => {
    const toggle = renderTwoItems();
    fireEvent.click(toggle);
    const edit = screen.getByRole('button', { name: 'Edit' });
    const remove = screen.getByRole('button', { name: 'Delete' });
    edit.focus();
    fireEvent.keyDown(edit, { key: 'Tab' });
    remove.focus();
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    expect(remove).toBeInTheDocument();
    // The last control of the page: the browser's own controls take the focus, the page's body
    // is left with it.
    fireEvent.keyDown(remove, { key: 'Tab' });
    remove.blur();
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
