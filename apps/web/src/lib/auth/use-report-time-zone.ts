import type { TSessionUser } from '@fanline/contracts';
import { useEffect } from 'react';
import { api } from '../api-client';
import { useSession } from './session';

/**
 * Earnings days follow the creator's own calendar (issue #10): the browser's IANA time zone is stored
 * on the profile whenever it differs from the one on record. Failures only cost accuracy, so they are
 * logged, not shown.
 */
export function useReportTimeZone() {
  const { user, setUser } = useSession();
  const stored = user?.timeZone;
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn) return;
    // Read here, for a signed-in user only: a guest's page never makes an Intl object (decision 0037).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === stored) return;
    api<TSessionUser>('/profile/me', { method: 'PATCH', body: { timeZone: zone } })
      .then(setUser)
      .catch((error: unknown) => console.warn('Could not store the time zone', error));
  }, [signedIn, stored, setUser]);
}
