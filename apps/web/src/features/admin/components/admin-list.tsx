import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
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
 * again at page 1.
 */
export function useAdminList<F extends string>(firstFilter: F) {
  const [search, setSearchValue] = useState('');
  const [filter, setFilterValue] = useState<F>(firstFilter);
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim(), 300);
  return {
    search,
    term,
    filter,
    page,
    setPage,
    setSearch(value: string) {
      setSearchValue(value);
      setPage(1);
    },
    setFilter(value: F) {
      setFilterValue(value);
      setPage(1);
    },
  };
}
type AdminList<F extends string> = ReturnType<typeof useAdminList<F>>;

const TOOLBAR = {
  md: { row: 'md:flex-row md:items-center md:justify-between', search: 'md:w-96' },
  lg: { row: 'lg:flex-row lg:items-center lg:justify-between', search: 'lg:w-96' },
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
      <div className="flex flex-wrap items-center gap-2">
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
  if (query.isError) return <LoadErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
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

/** Previous and Next under a list, shown once there is more than one page. */
export function Pager<F extends string>({ list, hasMore }: { list: AdminList<F>; hasMore: boolean | undefined }) {
  if (hasMore === undefined || (list.page === 1 && !hasMore)) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between">
      <Button variant="secondary" disabled={list.page === 1} onClick={() => list.setPage(list.page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-600">Page {list.page}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => list.setPage(list.page + 1)}>
        Next
      </Button>
    </nav>
  );
}
