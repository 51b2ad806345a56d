import { DISCOVER_LOOKUP_DEBOUNCE_MS } from '@fanline/contracts';
import { Suspense, useMemo, useState } from 'react';
import { useCopy } from '../../lib/platform-config';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { CategoriesPopover } from './components/categories-popover';
import { CreatorResults } from './components/creator-results';
import { DiscoverSearch } from './components/discover-search';
import { ExternalLookupResults } from './components/external-lookup-results';
import { FilterChips } from './components/filter-chips';
import { FiltersPopover } from './components/filters-popover';
import { SortSelect } from './components/sort-select';
import { useBrowseFilters } from './hooks/use-browse-filters';
import { clearedFilters, hasActiveFilters, toBrowseQuery } from './utils/browse-filters';

/** spec §2 Discover (/creators): search, filters, categories, sort, chips and an endless grid. */
export function Component() {
  const [filters, update, range] = useBrowseFilters();
  const copy = useCopy();
  const query = useMemo(() => toBrowseQuery(filters, range), [filters, range]);
  // The external lookup follows the box itself, after its own pause (spec §9: 3 characters, 1,000 ms).
  const [typed, setTyped] = useState(filters.search);
  const lookupTerm = useDebouncedValue(typed.trim(), DISCOVER_LOOKUP_DEBOUNCE_MS);

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Discover Creators</h1>
      <p className="mt-1 text-slate-600">
        {copy('Find a creator, pay their price, and get a personal reply within {hours}.')}
      </p>

      <search aria-label="Filter creators" className="mt-6 block space-y-3">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-start">
          <DiscoverSearch
            value={filters.search}
            onSearch={(search, { replace }) => update((f) => ({ ...f, search }), { replace })}
            onInput={setTyped}
          />
          <div className="flex flex-wrap items-center gap-2">
            <FiltersPopover filters={filters} onChange={update} />
            <CategoriesPopover
              selected={filters.categories}
              onChange={(categories) => update((f) => ({ ...f, categories }))}
            />
            <SortSelect value={filters.sort} onChange={(sort) => update((f) => ({ ...f, sort }))} />
          </div>
        </div>
        <FilterChips filters={filters} onChange={update} />
      </search>

      <div className="mt-6 empty:hidden">
        <ExternalLookupResults term={lookupTerm} />
      </div>

      <div className="mt-6">
        {/* A boundary of its own: hydrating the server's HTML, React commits the grid apart from the
            controls above it, two shorter tasks instead of one (decision 0037). Nothing in it suspends. */}
        <Suspense fallback={null}>
          <CreatorResults
            query={query}
            filtered={hasActiveFilters(filters, range)}
            onClearFilters={() => update((f) => clearedFilters(f, range))}
          />
        </Suspense>
      </div>
    </section>
  );
}
