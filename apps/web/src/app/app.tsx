import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
}

/**
 * The providers: i18next is bound through react-i18next at start-up, the configuration and auth
 * live in small stores, and TanStack Query is provided by the lazy `QueryBoundary` route.
 */
export function App({ router }: AppProps) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
