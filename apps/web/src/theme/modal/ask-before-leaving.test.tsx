import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmation } from '../confirmation/confirmation';
import { ConfirmationDialog } from '../confirmation/confirmation-dialog';
import { Modal } from './modal';

/** A page with a dirty modal open. */
function Page() {
  const [open, setOpen] = useState(true);
  const { pathname } = useLocation();
  return (
    <>
      <output aria-label="path">{pathname}</output>
      <Modal visible={open} onVisibleChange={setOpen} title="New role" dirty>
        <p>Body</p>
      </Modal>
      <ConfirmationDialog />
    </>
  );
}

/** The page under a data router that went from /list to /list/roles. */
function renderDirtyModalAfterNavigation() {
  const router = createMemoryRouter([{ path: '*', Component: Page }], {
    initialEntries: ['/list', '/list/roles'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const path = () => screen.getByLabelText('path').textContent;

afterEach(() => act(() => confirmation.clear()));

describe('a dirty modal under a data router', () => {
  it("asks before the browser's Back leaves its page, and stays when told to", async () => {
    const router = renderDirtyModalAfterNavigation();
    await act(() => router.navigate(-1));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('You have unsaved changes.');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(path()).toBe('/list/roles');
    expect(screen.getByRole('dialog', { name: 'New role' })).toBeInTheDocument();
  });

  it("lets the page's own query-string write through without a question", async () => {
    const router = renderDirtyModalAfterNavigation();
    await act(() => router.navigate('/list/roles?filter=ana', { replace: true }));
    expect(router.state.location.search).toBe('?filter=ana');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New role' })).toBeInTheDocument();
  });

  it('lets the navigation go once the changes may go', async () => {
    const router = renderDirtyModalAfterNavigation();
    await act(() => router.navigate(-1));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(path()).toBe('/list'));
  });
});
