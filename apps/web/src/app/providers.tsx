import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { Presence } from '../lib/presence/presence';
import { RealtimeEvents } from '../lib/realtime/realtime-events';

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
      {/* One event stream per tab for a signed-in user: inboxes, conversations and the bell update live. */}
      <RealtimeEvents />
      {/* spec §4 Presence: heartbeats, away when hidden, offline on sign-out and unload. */}
      <Presence />
      {/* spec §9: only one toast at a time. */}
      <Toaster position="top-center" visibleToasts={1} richColors closeButton />
    </QueryClientProvider>
  );
}
