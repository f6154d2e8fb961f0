import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmation } from '../confirmation/confirmation';
import { ConfirmationDialog } from '../confirmation/confirmation-dialog';
import { enterSubmitDebounceMs } from '../form/use-enter-submit';
import { FormModal } from './form-modal';
import { escapeDebounceMs } from './modal';

function renderFormModal(
  props: {
    dirty?: boolean;
    saving?: boolean;
    valid?: boolean;
    onSubmit?: () => void | Promise<void>;
  } = {},
) {
  const onClose = vi.fn();
  render(
    <>
      <FormModal
        title="New role"
        formId="role"
        onSubmit={(event) => {
          event.preventDefault();
          return props.onSubmit?.();
        }}
        onClose={onClose}
        saving={props.saving ?? false}
        dirty={props.dirty ?? false}
        valid={props.valid ?? true}
      >
        <input aria-label="Role name" />
      </FormModal>
      <ConfirmationDialog />
    </>,
  );
  return onClose;
}

const pressEscape = () => {
  fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' });
  act(() => vi.advanceTimersByTime(escapeDebounceMs));
};

afterEach(() => {
  act(() => confirmation.clear());
  vi.useRealTimers();
});

describe('form modal', () => {
  it('closes on Escape, as in ABP', () => {
    vi.useFakeTimers();
    const onClose = renderFormModal();
    pressEscape();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks first on Escape with unsaved changes; Escape on the question keeps the form', async () => {
    vi.useFakeTimers();
    const onClose = renderFormModal({ dirty: true });
    pressEscape();
    expect(screen.getByRole('alertdialog')).toHaveTextContent('You have unsaved changes.');
    pressEscape();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('submits on Enter even while Save is disabled for an invalid form, so the errors show', () => {
    vi.useFakeTimers();
    const onSubmit = vi.fn();
    renderFormModal({ valid: false, onSubmit });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const field = screen.getByRole('textbox', { name: 'Role name' });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.keyUp(field, { key: 'Enter' });
    act(() => vi.advanceTimersByTime(enterSubmitDebounceMs));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('does not submit again on Enter while saving', () => {
    vi.useFakeTimers();
    const onSubmit = vi.fn();
    renderFormModal({ saving: true, onSubmit });
    const field = screen.getByRole('textbox', { name: 'Role name' });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.keyUp(field, { key: 'Enter' });
    act(() => vi.advanceTimersByTime(enterSubmitDebounceMs));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a double click as one save, and the next click once that save has settled', async () => {
    let settle = () => {};
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
    );
    renderFormModal({ onSubmit });
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledOnce();
    await act(async () => settle());
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('stays open on Escape while saving', () => {
    vi.useFakeTimers();
    const onClose = renderFormModal({ saving: true });
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
  });
});
