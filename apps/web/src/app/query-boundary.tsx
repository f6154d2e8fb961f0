import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createAppQueryClient } from '#src/core/query/query-client';

const queryClient = createAppQueryClient();

/**
 * TanStack Query for the pages. It sits on a lazy route around every page but the sign-in page,
 * so the sign-in page does not download it.
 */
export function QueryBoundary() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
