import { QueryClient } from '@tanstack/react-query';

/** The one TanStack Query client of the signed-in screens (created with them, not on the login page). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // the http client already shows every failure; a retry would show it again
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
