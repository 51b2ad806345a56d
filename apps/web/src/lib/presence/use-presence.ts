import type { TPresenceStatus } from '@fanline/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api-client';
import { liveKeys } from '../realtime/live-keys';

const ACTIVITY_PATH = '/api/activity';

// spec §9: heartbeat 60 s, away delay 5 s (contracts PRESENCE holds the same numbers). Kept here
// because this module loads for every signed-in user on any route, including the landing page, and
// must not pull in the contracts' zod schemas.
const HEARTBEAT_MS = 60_000;
const AWAY_DELAY_MS = 5_000;
export const PRESENCE_TIMINGS = { heartbeatMs: HEARTBEAT_MS, awayDelayMs: AWAY_DELAY_MS } as const;

function report(status: TPresenceStatus, queryClient?: QueryClient): void {
  // spec §8: presence failures are only logged.
  api('/activity', { method: 'POST', body: { status } })
    .then(() => {
      // A creator's dashboard shows their own presence: once the server knows they are online, its
      // metrics are read again (else a read that raced this report says "Last active" for 30 s).
      if (status === 'online') void queryClient?.invalidateQueries({ queryKey: liveKeys.creatorMetrics });
    })
    .catch((error) => console.warn('Presence update failed', error));
}

/**
 * spec §4 Presence for a signed-in user: online at start and every 60 s, online again when the page
 * becomes visible, away 5 s after it is hidden (if still hidden), offline on unmount (sign-out) and
 * by beacon on unload. The server throttles repeated heartbeats (ARCHITECTURE §8).
 */
export function usePresence(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let awayTimer: ReturnType<typeof setTimeout> | undefined;
    report('online', queryClient);
    const heartbeat = setInterval(() => {
      if (document.visibilityState === 'visible') report('online');
    }, HEARTBEAT_MS);

    const onVisibility = () => {
      clearTimeout(awayTimer);
      if (document.visibilityState === 'visible') report('online', queryClient);
      else
        awayTimer = setTimeout(() => {
          if (document.visibilityState === 'hidden') report('away');
        }, AWAY_DELAY_MS);
    };
    // sendBeacon survives the page going away; a string body goes as text/plain, which the server
    // accepts on this route only, from this origin only.
    const onUnload = () => navigator.sendBeacon?.(ACTIVITY_PATH, JSON.stringify({ status: 'offline' }));

    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onUnload);
    return () => {
      clearInterval(heartbeat);
      clearTimeout(awayTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onUnload);
      report('offline');
    };
  }, [userId, queryClient]);
}

/** The lazily loaded part of `Presence` (presence.tsx): reports for the signed-in `userId`. */
export function PresenceReporter({ userId }: { userId: string }): null {
  usePresence(userId);
  return null;
}
