import type { TAdminPage } from '@fanline/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadErrorState } from '../../../components/ui/empty-state';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * The state of an admin list (users, messages, moderation, support, transactions): the search as
 * typed, the term sent once typing pauses, the filter and the page. A new search or filter starts
 * again at page 1. Issue 36 §17: page, filter and search live in the URL (?page=2&filter=pending&q=…),
 * so a reload, Back or a shared link opens the same page of the same list.
 */
export function useAdminList<F extends string>(firstFilter: F, filters: readonly F[] = [firstFilter]) {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('filter');
  const filter = fromUrl !== null && (filters as readonly string[]).includes(fromUrl) ? (fromUrl as F) : firstFilter;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const urlTerm = params.get('q') ?? '';
  const [search, setSearchValue] = useState(urlTerm);
  const term = useDebouncedValue(search.trim(), 300);
  // Each change is made to the address as it is now, not to the params of the render that made this
  // function: navigations run in a transition, so a render can lag the URL. The search's delayed write
  // once took the params of a render before a filter click and put the old filter back (a flaky
  // journey: "Expired" clicked, the list stayed on "Declined").
  const write = (change: Record<string, string | null>, replace = false) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        for (const [key, value] of Object.entries(change)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace, preventScrollReset: true },
    );
  // The term reaches the URL once typing pauses (replacing, not one history entry per word).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a changed term writes the URL
  useEffect(() => {
    if (term === urlTerm) return;
    write({ q: term || null, page: null }, true);
  }, [term]);
  return {
    search,
    term,
    filter,
    page,
    setPage(value: number) {
      write({ page: value > 1 ? String(value) : null });
    },
    setSearch(value: string) {
      setSearchValue(value);
    },
    setFilter(value: F) {
      write({ filter: value === firstFilter ? null : value, page: null });
    },
  };
}
type AdminList<F extends string> = ReturnType<typeof useAdminList<F>>;

// Side by side, the search box gives way (down to 12rem) before the filters and `extra` wrap, so an
// Export stays on the filters' line at 1280 px.
const TOOLBAR = {
  md: {
    row: 'md:flex-row md:items-center md:justify-between',
    search: 'md:w-96 md:min-w-48 md:shrink',
    controls: 'md:flex-nowrap md:shrink-0',
  },
  lg: {
    row: 'lg:flex-row lg:items-center lg:justify-between',
    search: 'lg:w-96 lg:min-w-48 lg:shrink',
    controls: 'lg:flex-nowrap lg:shrink-0',
  },
} as const;

/** The search box and the filter buttons above a list; `extra` goes after the filters (an export). */
export function ListToolbar<F extends string>({
  list,
  noun,
  placeholder,
  filters,
  labels,
  extra,
  stackBelow = 'md',
}: {
  list: AdminList<F>;
  /** Plural, lower case: "Search users", "Filter users". */
  noun: string;
  placeholder: string;
  filters: readonly F[];
  labels: Record<F, string>;
  extra?: ReactNode;
  /** Below this width the search box and the filters stack. */
  stackBelow?: keyof typeof TOOLBAR;
}) {
  const layout = TOOLBAR[stackBelow];
  return (
    <div className={cn('flex flex-col gap-3', layout.row)}>
      <SearchInput
        className={layout.search}
        label={`Search ${noun}`}
        placeholder={placeholder}
        value={list.search}
        onChange={list.setSearch}
        onClear={() => list.setSearch('')}
      />
      <div className={cn('flex flex-wrap items-center gap-2', layout.controls)}>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Filter {noun}</legend>
          {filters.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={list.filter === value ? 'primary' : 'secondary'}
              aria-pressed={list.filter === value}
              onClick={() => list.setFilter(value)}
            >
              {labels[value]}
            </Button>
          ))}
        </fieldset>
        {extra}
      </div>
    </div>
  );
}

/**
 * A page of rows in a card, or its loading skeletons, its failure with a retry, or `empty` when the
 * page has no rows. While the next page loads, the previous one stays, dimmed.
 */
export function ListBody<D, R>({
  query,
  rows,
  errorTitle,
  empty,
  skeletons = 5,
  skeletonClassName,
  children,
}: {
  query: UseQueryResult<D>;
  rows: (data: D) => readonly R[];
  errorTitle: string;
  empty: ReactNode;
  skeletons?: number;
  skeletonClassName: string;
  children: (row: R) => ReactNode;
}) {
  if (query.isLoadingError) return <LoadErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <div className="space-y-2">
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
          <Skeleton key={i} className={skeletonClassName} />
        ))}
      </div>
    );
  }
  const page = rows(query.data);
  if (page.length === 0) return empty;
  return (
    <Card className={cn('divide-y divide-slate-100', query.isPlaceholderData && 'opacity-60')}>
      {page.map(children)}
    </Card>
  );
}

/**
 * Where the page sits in the list ("Showing 11–20 of 134") with Previous and Next; shown once the list
 * is longer than a page, or when the admin stands on a page past the end (after rows left the filter).
 */
export function Pager<F extends string>({ list, page }: { list: AdminList<F>; page: TAdminPage | undefined }) {
  if (!page || (list.page === 1 && !page.hasMore)) return null;
  const pages = Math.max(1, Math.ceil(page.total / page.limit));
  const from = (page.page - 1) * page.limit + 1;
  const to = Math.min(page.total, page.page * page.limit);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <Button
        variant="secondary"
        disabled={list.page === 1}
        onClick={() => list.setPage(Math.min(list.page - 1, pages))}
      >
        Previous
      </Button>
      <p className="text-sm text-slate-600" aria-live="polite">
        {from <= to ? (
          <>
            Showing {from.toLocaleString('en-US')}–{to.toLocaleString('en-US')} of {page.total.toLocaleString('en-US')}
          </>
        ) : (
          <>No rows on page {page.page.toLocaleString('en-US')}</>
        )}
        <span className="sr-only sm:not-sr-only">
          {' · '}Page {page.page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
        </span>
      </p>
      <Button variant="secondary" disabled={!page.hasMore} onClick={() => list.setPage(list.page + 1)}>
        Next
      </Button>
    </nav>
  );
}
