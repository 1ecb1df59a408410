import { QueryClient } from '@tanstack/react-query';

/**
 * One query client. Failures are already reported by the http module (toast, expiry prompt),
 * so queries do not retry by themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
