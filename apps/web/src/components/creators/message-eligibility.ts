import type { TMessageEligibility } from '@fanline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';

/**
 * Issue 36: may the signed-in visitor message this creator? Asked before they write (the profile's
 * Message button and the message dialog), so a blocked fan is told plainly instead of being offered
 * Send & Pay. The checkout still refuses on its own.
 */
export const messageEligibilityQuery = (username: string) =>
  queryOptions({
    queryKey: ['message-eligibility', username.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      api<TMessageEligibility>(`/profiles/${encodeURIComponent(username)}/eligibility`, { signal }),
    staleTime: 30_000,
  });

/** The answer for a signed-in visitor; null while unknown or signed out (the server decides then). */
export function useMessageEligibility(username: string, enabled = true): TMessageEligibility | null {
  const { user } = useSession();
  const query = useQuery({ ...messageEligibilityQuery(username), enabled: enabled && Boolean(user) });
  return user ? (query.data ?? null) : null;
}
