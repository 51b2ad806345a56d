import { QUICK_SEARCH } from '@fanline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { quickSearchQuery } from './quick-search-query';

/**
 * spec §9 quick search: asks the server only after a 300 ms pause and from 2 trimmed characters,
 * so typing a name costs one request rather than one per key.
 */
export function useCreatorSuggestions(input: string) {
  const term = input.trim();
  const [debounced, setDebounced] = useState(term);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term), QUICK_SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [term]);

  const searchable = term.length >= QUICK_SEARCH.minChars && debounced.length >= QUICK_SEARCH.minChars;
  const query = useQuery({
    ...quickSearchQuery(debounced),
    enabled: searchable,
    // Keep the last list on screen while the next term is on its way instead of flashing empty.
    placeholderData: keepPreviousData,
  });

  // Below the minimum the list clears at once, without waiting for the debounce.
  const hits = searchable ? (query.data?.creators ?? []) : [];
  return {
    hits,
    /** The term the hits answer, for the "no creators found" line. */
    answeredTerm: debounced,
    noHits: searchable && query.isSuccess && !query.isPlaceholderData && hits.length === 0,
    failed: searchable && query.isError,
  };
}
