import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { sessionQuery } from '../auth/session';
import { lazyPart } from '../lazy-part';

// Only a signed-in user holds an event stream, so the stream code is its own chunk, fetched once the
// session check has found a user: a guest's first visit to / does not load it (issue 14 landing budget).
const EventStream = lazyPart(() => import('./use-realtime-events').then((module) => ({ default: module.EventStream })));

/**
 * Mounted once for the whole app: a signed-in user's open tabs each hold one event stream, so inboxes,
 * conversations, stats and the bell update live. Reads the session from the query cache (no router
 * needed), so it can sit in the app providers.
 */
export function RealtimeEvents() {
  const { data } = useQuery(sessionQuery());
  const userId = data?.user?.id;
  if (!userId) return null;
  // Signing out unmounts the stream, whose cleanup closes it.
  return (
    <Suspense fallback={null}>
      <EventStream userId={userId} />
    </Suspense>
  );
}
