import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BusyButton } from './busy-button';

describe('BusyButton', () => {
  it('keeps focus while busy: marked disabled, not disabled', () => {
    const { rerender } = render(<BusyButton>Save</BusyButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    rerender(<BusyButton busy>Save</BusyButton>);
    expect(button).not.toHaveAttribute('disabled');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveClass('disabled');
    expect(button).toHaveFocus();
  });

  it('submits nothing and runs no handler while busy', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const onClick = vi.fn();
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <BusyButton busy onClick={onClick}>
          Save
        </BusyButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits and runs its handler when idle', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const onClick = vi.fn();
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <BusyButton onClick={onClick}>Save</BusyButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('is plainly disabled when told so, busy or not', () => {
    render(
      <BusyButton busy disabled>
        Save
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-disabled');
  });
});
