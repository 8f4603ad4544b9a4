import { QueryClient } from '@tanstack/react-query';

/** docs/product.md §9 query defaults: no refetch interval, no refetch on focus, never stale, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
