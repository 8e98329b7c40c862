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
