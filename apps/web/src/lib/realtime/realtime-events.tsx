import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../auth/session';
import { useRealtimeEvents } from './use-realtime-events';

/**
 * Mounted once for the whole app: a signed-in user's open tabs each hold one event stream, so inboxes,
 * conversations, stats and the bell update live. Reads the session from the query cache (no router
 * needed), so it can sit in the app providers.
 */
export function RealtimeEvents() {
  const { data } = useQuery(sessionQuery());
  useRealtimeEvents(data?.user?.id ?? null);
  return null;
}
