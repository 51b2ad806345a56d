import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../auth/session';
import { usePresence } from './use-presence';

/** Mounted once in the app providers: tracks presence while someone is signed in (spec §4). */
export function Presence() {
  const { data } = useQuery(sessionQuery());
  usePresence(data?.user?.id ?? null);
  return null;
}
