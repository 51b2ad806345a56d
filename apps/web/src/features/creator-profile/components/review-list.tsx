import { useInfiniteQuery } from '@tanstack/react-query';
import { AlertTriangle, MessageSquareText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { reviewsQuery } from '../api/profile';
import { ReviewItem } from './review-item';

/** spec §7 reviews, newest first, 5 at a time with "Load more". */
export function ReviewList({ username, creatorName }: { username: string; creatorName: string }) {
  const query = useInfiniteQuery(reviewsQuery(username));
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading reviews" className="space-y-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-28 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        role="alert"
        tone="error"
        icon={AlertTriangle}
        title="Failed to load reviews"
        action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
      />
    );
  }
  const reviews = query.data.pages.flatMap((page) => page.reviews);
  if (!reviews.length) {
    return (
      <EmptyState icon={MessageSquareText} title="No reviews yet">
        Reviews appear here after fans hear back from {creatorName}.
      </EmptyState>
    );
  }
  return (
    <div>
      <ul aria-label="Reviews" className="space-y-3">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} creatorName={creatorName} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more reviews'}
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-center text-sm text-red-700">
          Failed to load more reviews. Please try again.
        </p>
      )}
    </div>
  );
}
