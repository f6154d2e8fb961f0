import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { createAppQueryClient } from '#src/core/query/query-client';
import { ConfirmationDialog } from '#src/theme/confirmation/confirmation-dialog';
import { ToastContainer } from '#src/theme/toast/toast-container';

/**
 * A screen with a fresh query client, the shell's confirmation dialog and toasts, and a router
 * at `path` (screens read their address and link to others).
 */
export function renderWithProviders(node: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createAppQueryClient();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        {node}
        <ConfirmationDialog />
        <ToastContainer />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** Shows where the router is (path and query), labelled "address": links are followed in place. */
export function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{pathname + search}</output>;
}
