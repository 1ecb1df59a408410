import { QueryClient } from '@tanstack/react-query';

/**
 * How long unused queries stay in memory, so the offline store (which keeps them 30 days, OFFLINE.md
 * §3) does not lose them while a tab stays open: the longest timer browsers allow (2^31-1 ms, about
 * 24.8 days). A longer gcTime overflows setTimeout and drops the query at once.
 */
export const OFFLINE_GC_TIME_MS = 2_147_483_647;

/**
 * One query client. Failures are already reported by the http module (toast, expiry prompt),
 * so queries do not retry by themselves. Reads are 'offlineFirst': a query tries the network (the
 * service worker may answer from its cache) and otherwise keeps the data restored from the device.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst', gcTime: OFFLINE_GC_TIME_MS },
      mutations: { retry: false },
    },
  });
}
