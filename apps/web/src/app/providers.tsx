import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { onSessionChange } from '@/lib/session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again.
      retry: (count, error) => count < 2 && !(isAxiosError(error) && (error.response?.status ?? 500) < 500),
    },
  },
});

// Cached data belongs to the user who fetched it: a new session starts with an empty cache.
onSessionChange(() => queryClient.clear());

/** Server data of the signed-in pages; the sign-in page asks for none, so it loads none of this. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
