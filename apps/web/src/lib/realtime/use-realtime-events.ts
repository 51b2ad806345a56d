import type { TRealtimeEvent } from '@fanline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveKeys } from './live-keys';

/**
 * Listens to GET /api/events (Server-Sent Events, cookie auth) while `userId` is signed in, and invalidates the
 * queries an event touches, so open screens refetch and update without a reload. Events carry ids
 * only; the screens re-read through the normal API. EventSource reconnects by itself (the server
 * sends `retry: 3000`) with the id of the last event it heard (`Last-Event-ID`), on whichever
 * instance the balancer picks: the server replays what the stream missed, or, when it can no longer
 * tell, sends `resync` and everything shown is refetched (issue 27).
 */
export function useRealtimeEvents(userId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    // One stream per signed-in account; another account (or signing out) closes it.
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events', { withCredentials: true });
    const invalidate = (keys: ReadonlyArray<readonly string[]>) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };

    source.addEventListener('notification', () => invalidate([liveKeys.notifications]));
    source.addEventListener('message', (event) => {
      const data = parse((event as MessageEvent<string>).data);
      if (data && data.type !== 'message') return;
      invalidate([liveKeys.conversations, liveKeys.creatorStats]);
    });
    // Admins' streams also carry the platform's activity: the admin screens re-read their figures.
    source.addEventListener('admin-activity', () => invalidate([liveKeys.admin]));
    // Events were missed and cannot be replayed: every query refetches (the active ones at once).
    source.addEventListener('resync', () => void queryClient.invalidateQueries());
    return () => source.close();
  }, [userId, queryClient]);
}

/** The lazily loaded part of `RealtimeEvents` (realtime-events.tsx): the stream of the signed-in `userId`. */
export function EventStream({ userId }: { userId: string }): null {
  useRealtimeEvents(userId);
  return null;
}

function parse(data: string): TRealtimeEvent | null {
  try {
    return JSON.parse(data) as TRealtimeEvent;
  } catch {
    return null;
  }
}
