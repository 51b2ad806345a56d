import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';

export const queryClient = new QueryClient({
  defaultOptions: {
    // spec §7: 5-minute cache, one retry, no refetch on focus.
    queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* spec §9: only one toast at a time. */}
      <Toaster position="top-center" visibleToasts={1} richColors closeButton />
    </QueryClientProvider>
  );
}
