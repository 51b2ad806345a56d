import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { filtersToParams, parseFilters, type TBrowseFilters, type TPriceRange } from '../utils/browse-filters';
import { usePriceRange } from './use-price-range';

export type TUpdateFilters = (
  next: (current: TBrowseFilters) => TBrowseFilters,
  options?: { replace?: boolean },
) => void;

/**
 * The URL is the one source of the filter state (spec §2), so reloads, shared links and back/forward
 * all restore it. Discrete changes push a history entry; typing replaces the current one.
 */
export function useBrowseFilters(): [TBrowseFilters, TUpdateFilters, TPriceRange] {
  const [params, setParams] = useSearchParams();
  const range = usePriceRange();
  const filters = useMemo(() => parseFilters(params, range), [params, range]);
  const update = useCallback<TUpdateFilters>(
    (next, { replace = false } = {}) =>
      // After the control that changed has painted its new state (the switches and boxes keep an
      // optimistic copy): the list's re-render is the heavy part, and the tick should not wait for it.
      afterNextPaint(() =>
        // From the address bar, not the params of the last render: two quick changes (two categories
        // ticked in a row) must build on each other, and the router updates the URL before it re-renders.
        setParams(
          () => filtersToParams(next(parseFilters(new URLSearchParams(window.location.search), range)), range),
          {
            replace,
            preventScrollReset: true,
          },
        ),
      ),
    [setParams, range],
  );
  return [filters, update, range];
}
