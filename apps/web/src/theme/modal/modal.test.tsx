import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmation } from '../confirmation/confirmation';
import { ConfirmationDialog } from '../confirmation/confirmation-dialog';
import { escapeDebounceMs, Modal, ModalCloseButton, type ModalProps } from './modal';

function renderModal(props: Partial<ModalProps> = {}) {
  const onVisibleChange = vi.fn();
  render(
    <>
      <Modal
        visible
        onVisibleChange={onVisibleChange}
        title="Edit"
        footer={<ModalCloseButton />}
        {...props}
      >
        <p>Body</p>
      </Modal>
      <ConfirmationDialog />
    </>,
  );
  return onVisibleChange;
}

afterEach(() => {
  act(() => confirmation.clear());
  vi.useRealTimers();
});

describe('modal', () => {
  it('is size md by default', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Edit' }).className).toBe(
      'modal-dialog modal-dialog-scrollable',
    );
  });

  it('names what it is about after its title, in the title and in its name', () => {
    renderModal({ subject: 'ana' });
    const dialog = screen.getByRole('dialog', { name: 'Edit ana' });
    expect(dialog.querySelector('bdi.app-modal-subject')).toHaveTextContent('ana');
  });

  it('uses the large class for lg', () => {
    renderModal({ size: 'lg', centered: true });
    expect(screen.getByRole('dialog')).toHaveClass(
      'modal-dialog',
      'modal-lg',
      'modal-dialog-centered',
    );
  });

  it('closes with Cancel', () => {
    const onVisibleChange = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onVisibleChange).toHaveBeenCalledWith(false);
  });

  it('cannot be closed while busy', () => {
    const onVisibleChange = renderModal({ busy: true });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onVisibleChange).not.toHaveBeenCalled();
  });

  it('asks before closing a dirty form and closes only on confirm', async () => {
    const onVisibleChange = renderModal({ dirty: true });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('You have unsaved changes.');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The answer reaches the modal a few promise steps after the question closes.
    await act(async () => undefined);
    expect(onVisibleChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(onVisibleChange).toHaveBeenCalledWith(false));
  });

  it('ignores Escape by default', () => {
    vi.useFakeTimers();
    const onVisibleChange = renderModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(1000));
    expect(onVisibleChange).not.toHaveBeenCalled();
  });

  it('closes on Escape after 150 ms when keyboard is allowed', () => {
    vi.useFakeTimers();
    const onVisibleChange = renderModal({ keyboard: true });
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(escapeDebounceMs - 1));
    expect(onVisibleChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onVisibleChange).toHaveBeenCalledWith(false);
  });

  it('still closes on Escape when its owner re-renders during the 150 ms', () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const latest = vi.fn();
    const modal = (onVisibleChange: (visible: boolean) => void) => (
      <Modal visible onVisibleChange={onVisibleChange} title="Edit" keyboard>
        <p>Body</p>
      </Modal>
    );
    const { rerender } = render(modal(first));
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(escapeDebounceMs / 2));
    // A list behind the dialog refetched, and its page passed a new callback.
    rerender(modal(latest));
    act(() => vi.advanceTimersByTime(escapeDebounceMs));
    expect(latest).toHaveBeenCalledWith(false);
    expect(first).not.toHaveBeenCalled();
  });
});
