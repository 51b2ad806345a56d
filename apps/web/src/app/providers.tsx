import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { Presence } from '../lib/presence/presence';
import { RealtimeEvents } from '../lib/realtime/realtime-events';

/**
 * The app's query cache settings. The browser makes one client for the tab (main.tsx); the server
 * makes a new one for every page it renders (entry-server.tsx), so one visitor's data never reaches
 * another's page.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // spec §7: 5-minute cache, one retry, no refetch on focus.
      queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

// The toaster (sonner, ~10 KB gzipped) is its own chunk: nothing toasts before a user acts, and the
// landing's first paint should not wait for it (issue 14 landing budget). Feature chunks that call
// `toast` share the same sonner chunk, so the toasts reach this Toaster.
/** The header is 64 px tall (h-16) and sticks to the top; toasts start 12 px under it. */
const TOAST_TOP = 76;

const Toaster = lazyPart(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* One event stream per tab for a signed-in user: inboxes, conversations and the bell update live. */}
      <RealtimeEvents />
      {/* spec §4 Presence: heartbeats, away when hidden, offline on sign-out and unload. */}
      <Presence />
      {/* spec §9: only one toast at a time. Below the sticky 64 px header at every width, so a toast never
          covers the header's Messages link and bell (issue 25). */}
      <Suspense fallback={null}>
        <Toaster
          position="top-center"
          offset={{ top: TOAST_TOP }}
          mobileOffset={{ top: TOAST_TOP }}
          visibleToasts={1}
          richColors
          closeButton
        />
      </Suspense>
    </QueryClientProvider>
  );
}
