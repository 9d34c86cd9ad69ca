import { QueryClient } from '@tanstack/react-query';

// The client already reports failures (error catalogue); retrying would repeat the toasts.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
