import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createAppQueryClient } from '#src/core/query/query-client';

const queryClient = createAppQueryClient();

/**
 * TanStack Query for the signed-in areas. It sits on a lazy route around the application-layout
 * pages, so the sign-in page does not download it.
 */
export function QueryBoundary() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
