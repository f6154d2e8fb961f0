import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusWhenShown } from '#src/test/focus-when-shown';
import { confirmation } from '../confirmation/confirmation';
import { ConfirmationDialog } from '../confirmation/confirmation-dialog';
import { Modal, ModalCloseButton } from './modal';

/** A page with controls before and after the modal, which Tab must never reach while it is open. */
function Page({ dirty = false, fields = true }: { dirty?: boolean; fields?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        New user
      </button>
      <Modal
        visible={open}
        onVisibleChange={setOpen}
        title="New user"
        dirty={dirty}
        footer={
          <>
            <ModalCloseButton />
            <button type="submit">Save</button>
          </>
        }
      >
        {fields ? (
          <>
            <button type="button" role="tab">
              Information
            </button>
            <input type="hidden" name="token" />
            <input aria-label="Disabled" disabled />
            <input aria-label="User name" />
            <select aria-label="Language">
              <option>es-MX</option>
            </select>
            <div hidden>
              <input aria-label="Role" type="checkbox" />
            </div>
          </>
        ) : (
          <p>Nothing to fill in.</p>
        )}
      </Modal>
      <button type="button">After</button>
      <ConfirmationDialog />
    </>
  );
}

/** As the edit modals load: a busy "Loading..." modal, then the loaded one in its place. */
function LoadingThenLoaded({ onClose }: { onClose: () => void }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 10);
    return () => clearTimeout(timer);
  }, []);
  if (!loaded) {
    return (
      <Modal visible onVisibleChange={onClose} title="Edit" busy>
        <p>Loading...</p>
      </Modal>
    );
  }
  return <LoadedForm onClose={onClose} />;
}

function LoadedForm({ onClose }: { onClose: () => void }) {
  return (
    <Modal visible onVisibleChange={onClose} title="Edit" footer={<ModalCloseButton />}>
      <input aria-label="Role name" />
    </Modal>
  );
}

function EditPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      {open && <LoadingThenLoaded onClose={() => setOpen(false)} />}
    </>
  );
}

async function openModal(props: { dirty?: boolean; fields?: boolean } = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'New user' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog') };
}

afterEach(() => {
  act(() => confirmation.clear());
});

describe('modal focus', () => {
  it('starts on the first field, past tabs, hidden, disabled and the close button', async () => {
    await openModal();
    expect(screen.getByLabelText('User name')).toHaveFocus();
  });

  it('starts on the first control of the body, else the footer, when there is no field', async () => {
    const { dialog } = await openModal({ fields: false });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('cycles Tab from the last control to the first, and Shift+Tab back', async () => {
    const { user, dialog } = await openModal();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.tab(); // to Language
    await user.tab(); // to Cancel
    await user.tab(); // to Save
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    for (let step = 0; step < 12; step++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('brings focus back in with Tab after it was lost to the page', async () => {
    const { user, dialog } = await openModal();
    act(() => (document.activeElement as HTMLElement).blur());
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('gives focus back to the opener when it closes', async () => {
    const { user, opener, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('leaves Tab to a confirmation over it and gets focus back from it', async () => {
    const { user, dialog } = await openModal({ dirty: true });
    const modalCancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await user.click(modalCancel);
    const question = await screen.findByRole('alertdialog');
    const safe = within(question).getByRole('button', { name: 'Cancel' });
    expect(safe).toHaveFocus();
    for (let step = 0; step < 3; step++) {
      await user.tab();
      expect(question).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(question).toContainElement(document.activeElement as HTMLElement);

    await user.click(safe);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(modalCancel).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('gives focus back to the opener after a loading modal was replaced by the loaded one', async () => {
    const user = userEvent.setup();
    render(<EditPage />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    await user.click(opener);
    const field = await screen.findByRole('textbox', { name: 'Role name' });
    await vi.waitFor(() => expect(field).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('has the focus from the moment it is on the screen, when a reply rather than a click shows it', async () => {
    // The loaded modal replaces the loading one after a timer, as after a reply: a key pressed as
    // soon as it showed went to the page behind.
    const user = userEvent.setup();
    render(<EditPage />);
    const focused = focusWhenShown(
      () => screen.queryByRole('textbox', { name: 'Role name' }) !== null,
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await focused).toBe(screen.getByRole('textbox', { name: 'Role name' }));
  });
});
