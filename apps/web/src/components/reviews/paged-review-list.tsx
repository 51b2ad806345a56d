import type { TReview, TReviewsResponse } from '@fanline/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { LoadErrorState } from '../ui/empty-state';
import { Skeleton } from '../ui/skeleton';

interface PagedReviewListProps {
  /** The caller's paged reviews query: the public profile's or the creator's own. */
  query: UseInfiniteQueryResult<InfiniteData<TReviewsResponse>>;
  /** The list's accessible name. */
  label?: string;
  /** Placeholder cards while the first page loads, and their height. */
  placeholders: { count: number; className: string };
  /** Shown when there are no reviews. */
  empty: ReactNode;
  /** The Load more button's words and spacing, and the alert when a further page fails. */
  loadMore: { label: string; className: string; failure?: string };
  children: (review: TReview) => ReactNode;
}

/** Reviews newest first as the server pages them, with loading, failed and empty states and Load more. */
export function PagedReviewList({ query, label, placeholders, empty, loadMore, children }: PagedReviewListProps) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading reviews" className="space-y-3">
        {Array.from({ length: placeholders.count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} className={cn('w-full rounded-2xl', placeholders.className)} />
        ))}
      </div>
    );
  }
  if (query.isLoadingError)
    return <LoadErrorState title="Failed to load reviews" onRetry={() => void query.refetch()} />;
  const reviews = query.data.pages.flatMap((page) => page.reviews);
  if (reviews.length === 0) return empty;
  return (
    <div>
      <ul aria-label={label} className="space-y-3">
        {reviews.map((review) => (
          <li key={review.id}>{children(review)}</li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className={cn('flex justify-center', loadMore.className)}>
          <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : loadMore.label}
          </Button>
        </div>
      )}
      {loadMore.failure && query.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-center text-sm text-red-700">
          {loadMore.failure}
        </p>
      )}
    </div>
  );
}
