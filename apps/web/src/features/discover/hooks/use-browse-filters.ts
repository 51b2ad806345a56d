import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersToParams, parseFilters, type TBrowseFilters } from '../utils/browse-filters';

export type TUpdateFilters = (
  next: (current: TBrowseFilters) => TBrowseFilters,
  options?: { replace?: boolean },
) => void;

/**
 * The URL is the one source of the filter state (spec §2), so reloads, shared links and back/forward
 * all restore it. Discrete changes push a history entry; typing replaces the current one.
 */
export function useBrowseFilters(): [TBrowseFilters, TUpdateFilters] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const update = useCallback<TUpdateFilters>(
    (next, { replace = false } = {}) =>
      setParams((current) => filtersToParams(next(parseFilters(current))), { replace, preventScrollReset: true }),
    [setParams],
  );
  return [filters, update];
}
