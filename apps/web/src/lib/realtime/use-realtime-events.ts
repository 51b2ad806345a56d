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
    let source: EventSource;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const invalidate = (keys: ReadonlyArray<readonly string[]>) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };

    const connect = (afterGap: boolean) => {
      source = new EventSource('/api/events', { withCredentials: true });
      if (afterGap) {
        // A new EventSource sends no Last-Event-ID: what happened meanwhile is refetched instead.
        source.addEventListener('open', () => void queryClient.invalidateQueries(), { once: true });
      }
      source.addEventListener('open', () => {
        failures = 0;
      });
      // EventSource retries by itself after a dropped stream, but gives up for good on an error
      // answer (a balancer's 502/503 while every instance restarts, a 429): start again, slower each time.
      source.addEventListener('error', () => {
        if (source.readyState !== EventSource.CLOSED) return;
        failures += 1;
        retry = setTimeout(() => connect(true), Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)));
      });
      listen(source);
    };
    const listen = (source: EventSource) => {
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
    };
    connect(false);
    return () => {
      clearTimeout(retry);
      source.close();
    };
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
