import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmation } from './confirmation';
import { ConfirmationDialog } from './confirmation-dialog';

describe('confirmation dialog', () => {
  it('resolves confirm with Yes', async () => {
    render(<ConfirmationDialog />);
    let result!: Promise<string>;
    act(() => {
      result = confirmation.warn('Delete it?', 'Are you sure?');
    });
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toHaveTextContent(
      'Delete it?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(result).resolves.toBe('confirm');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('makes Yes red when it deletes something for good', () => {
    render(<ConfirmationDialog />);
    act(() => {
      void confirmation.warn('Delete it?', 'Are you sure?', { destructive: true });
    });
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveClass('btn-danger');
    act(() => confirmation.clear());
    act(() => {
      void confirmation.warn('Leave?');
    });
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveClass('btn-primary');
    act(() => confirmation.clear());
  });

  it('resolves reject with Cancel', async () => {
    render(<ConfirmationDialog />);
    let result!: Promise<string>;
    act(() => {
      result = confirmation.info('Go on?');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(result).resolves.toBe('reject');
  });

  it('resolves dismiss with Escape, unless not dismissible', async () => {
    render(<ConfirmationDialog />);
    let result!: Promise<string>;
    act(() => {
      result = confirmation.error('Oops', undefined, { dismissible: false });
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    act(() => confirmation.clear());
    await expect(result).resolves.toBe('dismiss');

    act(() => {
      result = confirmation.error('Oops again');
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    await expect(result).resolves.toBe('dismiss');
  });

  it('hides buttons and uses custom texts', () => {
    render(<ConfirmationDialog />);
    act(() => {
      void confirmation.error('Failed', 'Error', {
        hideCancelBtn: true,
        yesText: { key: 'AbpUi::Close', defaultValue: 'Close' },
      });
    });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    act(() => confirmation.clear());
  });

  it('focuses the safe answer, Cancel, and Yes only when Cancel is hidden', () => {
    render(<ConfirmationDialog />);
    act(() => {
      void confirmation.warn('Delete it?');
    });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    act(() => {
      void confirmation.error('Failed', undefined, { hideCancelBtn: true });
    });
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    act(() => confirmation.clear());
  });

  it('renders the 450 px card class', () => {
    render(<ConfirmationDialog />);
    act(() => {
      void confirmation.show('Hi');
    });
    expect(screen.getByRole('alertdialog')).toHaveClass('app-confirmation');
    act(() => confirmation.clear());
  });
});
