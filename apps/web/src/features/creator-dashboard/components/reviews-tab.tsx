import { LIMITS, type TReview } from '@fanline/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AlertTriangle, Star, StarOff } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, Skeleton } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { RelativeTime } from '../../../components/ui/relative-time';
import { cn } from '../../../lib/cn';
import { ownReviewsQuery } from '../api/dashboard';

/** spec §2 Customer Reviews tab: the creator's reviews, newest first, read-only for now. */
export function ReviewsTab({ username }: { username: string }) {
  const query = useInfiniteQuery(ownReviewsQuery(username));
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading reviews" className="space-y-3">
        <Skeleton className="h-24 w-full rounded-2xl" />
        <Skeleton className="h-24 w-full rounded-2xl" />
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
  if (reviews.length === 0) {
    return (
      <EmptyState icon={StarOff} title="No reviews yet">
        Reviews from fans you have answered will show up here.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

function ReviewCard({ review }: { review: TReview }) {
  const author = review.customer.displayName || review.customer.username;
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span aria-hidden="true">
          <Avatar src={review.customer.avatarUrl} name={author} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3">
            <p className="font-medium text-slate-900">{author}</p>
            <RelativeTime iso={review.createdAt} className="text-xs text-slate-500" />
          </div>
          <span role="img" aria-label={`Rated ${review.rating} out of ${LIMITS.rating.max}`} className="mt-1 flex">
            {Array.from({ length: LIMITS.rating.max }, (_, index) => (
              <Star
                // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positions
                key={index}
                aria-hidden="true"
                className={cn('h-4 w-4', index < review.rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
              />
            ))}
          </span>
          {review.title && <p className="mt-2 font-semibold text-slate-900">{review.title}</p>}
          {review.message && (
            <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-700">{review.message}</p>
          )}
          {review.creatorResponse && (
            <div className="mt-3 rounded-xl border-l-4 border-brand-300 bg-brand-50 p-3 text-sm text-slate-700">
              <p className="text-xs font-semibold text-brand-900">Your response</p>
              <p className="mt-1 whitespace-pre-line break-words">{review.creatorResponse}</p>
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
