import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enterSubmitDebounceMs, useEnterSubmit } from './use-enter-submit';

function Form({ onSubmit }: { onSubmit: () => void }) {
  const ref = useRef<HTMLFormElement>(null);
  useEnterSubmit(ref);
  return (
    <form
      ref={ref}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="name" />
      <textarea aria-label="notes" />
      <button type="button">Show</button>
    </form>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Enter submits', () => {
  it('after a 200 ms debounce, once for repeated keys', () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: 'name' });
    for (let i = 0; i < 3; i++) {
      fireEvent.keyDown(input, { key: 'Enter' });
      fireEvent.keyUp(input, { key: 'Enter' });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(enterSubmitDebounceMs));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('not from a plain button, which Enter presses', () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const show = screen.getByRole('button', { name: 'Show' });
    const keyDown = fireEvent.keyDown(show, { key: 'Enter' });
    fireEvent.keyUp(show, { key: 'Enter' });
    act(() => vi.advanceTimersByTime(1000));
    expect(keyDown).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('not from a textarea', () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const notes = screen.getByRole('textbox', { name: 'notes' });
    fireEvent.keyUp(notes, { key: 'Enter' });
    act(() => vi.advanceTimersByTime(1000));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
