import { QueryClient } from '@tanstack/react-query';

/**
 * HTTP errors are already shown by the HTTP client's handler (ABP's behaviour), so queries do not
 * toast again; they also do not retry what the server refused.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
