import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../api-client';
import { useDebouncedValue } from '../use-debounced-value';

/** spec §5 / §9: the availability check runs 500 ms after typing stops, from 3 characters. */
export const USERNAME_CHECK = { minChars: 3, debounceMs: 500 } as const;

export type TUsernameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'error';

const availabilityKey = (username: string) => ['username-available', username] as const;

/**
 * Availability of an (already normalized) username. `current` is the user's own username, which
 * counts as available without asking.
 */
export function useUsernameAvailability(username: string, current?: string | null) {
  const queryClient = useQueryClient();
  const debounced = useDebouncedValue(username, USERNAME_CHECK.debounceMs);
  const checkable = (name: string) => name.length >= USERNAME_CHECK.minChars && name !== current;
  const query = useQuery({
    queryKey: availabilityKey(debounced),
    queryFn: ({ signal }) =>
      api<{ available: boolean }>(`/auth/username-available?${new URLSearchParams({ username: debounced })}`, {
        signal,
      }),
    enabled: checkable(debounced) && debounced === username,
    staleTime: 30_000,
    retry: false,
  });

  let status: TUsernameStatus = 'idle';
  if (checkable(username)) {
    if (debounced !== username || query.isFetching) status = 'checking';
    else if (query.data) status = query.data.available ? 'available' : 'taken';
    else if (query.isError) status = 'error';
    else status = 'checking';
  }

  /** The server refused the name (409 USERNAME_TAKEN): remember it as taken. */
  const markTaken = useCallback(
    (name: string) => queryClient.setQueryData(availabilityKey(name), { available: false }),
    [queryClient],
  );

  return { status, markTaken };
}
