import { SEARCH_MESSAGES, type TBrowseQuery } from '@fanline/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AlertTriangle, SearchX, Users } from 'lucide-react';
import { useMemo } from 'react';
import { CreatorCard, CreatorCardSkeleton } from '../../../components/creators/creator-card';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { useOnVisible } from '../../../lib/use-in-view';
import { browseQuery } from '../api/browse';

/** spec §9: 15 skeleton cards on the first load, 10 while the next page loads. */
const FIRST_LOAD_SKELETONS = 15;
const MORE_SKELETONS = 10;
/** spec §9: the next page loads when the end of the list is 10% visible. */
const SCROLL_THRESHOLD = 0.1;

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

interface CreatorResultsProps {
  query: TBrowseQuery;
  filtered: boolean;
  onClearFilters: () => void;
}

export function CreatorResults({ query, filtered, onClearFilters }: CreatorResultsProps) {
  const result = useInfiniteQuery({ ...browseQuery(query), placeholderData: keepPreviousData });
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = result;
  // Pages are keyset-paged on the server; the id check only guards against a creator who changed
  // rank between two page loads showing twice.
  const creators = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((page) =>
      page.creators.filter((creator) => !seen.has(creator.id) && seen.add(creator.id)),
    );
  }, [data]);
  const sentinel = useOnVisible<HTMLDivElement>(() => void fetchNextPage(), {
    threshold: SCROLL_THRESHOLD,
    enabled: Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError,
  });

  if (isPending) {
    return (
      <div role="status" aria-label="Loading creators" className={GRID}>
        {Array.from({ length: FIRST_LOAD_SKELETONS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <CreatorCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (isError && !data) {
    return (
      <EmptyState
        role="alert"
        tone="error"
        icon={AlertTriangle}
        title={SEARCH_MESSAGES.browseErrorTitle}
        action={<Button onClick={() => void result.refetch()}>Retry</Button>}
      >
        {SEARCH_MESSAGES.browseErrorBody}
      </EmptyState>
    );
  }
  if (creators.length === 0) {
    return filtered ? (
      <EmptyState
        role="status"
        icon={SearchX}
        title={SEARCH_MESSAGES.browseNoMatch}
        action={<Button onClick={onClearFilters}>Clear all filters</Button>}
      >
        Try a different search, fewer categories or a wider price range.
      </EmptyState>
    ) : (
      <EmptyState role="status" icon={Users} title={SEARCH_MESSAGES.browseEmptyTitle}>
        {SEARCH_MESSAGES.browseEmptyBody}
      </EmptyState>
    );
  }

  return (
    <div aria-busy={result.isPlaceholderData || isFetchingNextPage}>
      <ul aria-label="Creators" className={cn(GRID, result.isPlaceholderData && 'opacity-60 transition-opacity')}>
        {creators.map((creator) => (
          <li key={creator.id}>
            {/* The cards sit right under the page's h1 (accessibility: no skipped heading level). */}
            <CreatorCard creator={creator} headingLevel="h2" />
          </li>
        ))}
      </ul>
      {isFetchingNextPage && (
        <div role="status" aria-label="Loading more creators" className={cn(GRID, 'mt-4')}>
          {Array.from({ length: MORE_SKELETONS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <CreatorCardSkeleton key={index} />
          ))}
        </div>
      )}
      {isFetchNextPageError && (
        <div role="alert" className="mt-6 flex flex-col items-center gap-2 text-center text-sm text-slate-600">
          <p>
            <span className="font-semibold text-slate-900">{SEARCH_MESSAGES.browseErrorTitle}</span>.{' '}
            {SEARCH_MESSAGES.browseErrorBody}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
            Retry
          </Button>
        </div>
      )}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {!hasNextPage && creators.length > 0 && (
        <p className="mt-8 text-center text-sm text-slate-500">
          {creators.length === 1 ? 'You have seen the only match.' : `You have seen all ${creators.length} creators.`}
        </p>
      )}
    </div>
  );
}
