import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createAppQueryClient } from '#src/core/query/query-client';
import { ConfirmationDialog } from '#src/theme/confirmation/confirmation-dialog';
import { ToastContainer } from '#src/theme/toast/toast-container';

/** A screen with a fresh query client and the shell's confirmation dialog and toasts. */
export function renderWithProviders(node: ReactNode) {
  const queryClient = createAppQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      {node}
      <ConfirmationDialog />
      <ToastContainer />
    </QueryClientProvider>,
  );
}
