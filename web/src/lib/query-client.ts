import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // Retrying a refused call only repeats the refusal; retry once on a lost connection.
      retry: (count, err) => count < 1 && isApiError(err) && err.status === 0,
    },
    mutations: { retry: false },
  },
});

/**
 * The first key of every query showing the call queue (desk, call panel). The realtime socket refetches
 * them when the server says a registration changed, without the queue features and it knowing each other.
 */
export const QUEUE_QUERY_ROOT = 'queue';
