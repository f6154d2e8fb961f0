import { fireEvent, render, screen } from '@testing-library/react';
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
