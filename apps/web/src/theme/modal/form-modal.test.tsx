import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmation } from '../confirmation/confirmation';
import { ConfirmationDialog } from '../confirmation/confirmation-dialog';
import { FormModal } from './form-modal';
import { escapeDebounceMs } from './modal';

function renderFormModal(props: { dirty?: boolean; saving?: boolean } = {}) {
  const onClose = vi.fn();
  render(
    <>
      <FormModal
        title="New role"
        formId="role"
        onSubmit={(event) => event.preventDefault()}
        onClose={onClose}
        saving={props.saving ?? false}
        dirty={props.dirty ?? false}
        valid
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

  it('stays open on Escape while saving', () => {
    vi.useFakeTimers();
    const onClose = renderFormModal({ saving: true });
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
  });
});
