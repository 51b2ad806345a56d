import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { sessionQuery } from '../auth/session';
import { lazyPart } from '../lazy-part';

// Only a signed-in user reports presence, so the reporting code is its own chunk, fetched once the
// session check has found a user: a guest's first visit to / does not load it (issue 14 landing budget).
const PresenceReporter = lazyPart(() =>
  import('./use-presence').then((module) => ({ default: module.PresenceReporter })),
);

/** Mounted once in the app providers: tracks presence while someone is signed in (spec §4). */
export function Presence() {
  const { data } = useQuery(sessionQuery());
  const userId = data?.user?.id;
  if (!userId) return null;
  // Signing out unmounts the reporter, whose cleanup reports offline.
  return (
    <Suspense fallback={null}>
      <PresenceReporter userId={userId} />
    </Suspense>
  );
}
