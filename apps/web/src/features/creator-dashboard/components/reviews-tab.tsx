import type { TReview } from '@fanline/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { StarOff } from 'lucide-react';
import { PagedReviewList } from '../../../components/reviews/paged-review-list';
import { Stars } from '../../../components/reviews/stars';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { RelativeTime } from '../../../components/ui/relative-time';
import { ownReviewsQuery } from '../api/dashboard';
import { ReviewResponse } from './review-response';

/** spec §2 Customer Reviews tab: the creator's reviews, newest first, with a response to add or delete on each. */
export function ReviewsTab({ username }: { username: string }) {
  const query = useInfiniteQuery(ownReviewsQuery(username));
  return (
    <PagedReviewList
      query={query}
      placeholders={{ count: 2, className: 'h-24' }}
      empty={
        <EmptyState icon={StarOff} title="No reviews yet">
          Reviews from fans you have answered will show up here.
        </EmptyState>
      }
      loadMore={{ label: 'Load more', className: 'mt-3' }}
    >
      {(review) => <ReviewCard review={review} />}
    </PagedReviewList>
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
          <Stars rating={review.rating} className="mt-1" />
          {review.title && <p className="mt-2 font-semibold text-slate-900">{review.title}</p>}
          {review.message && (
            <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-700">{review.message}</p>
          )}
          <ReviewResponse review={review} />
        </div>
      </div>
    </Card>
  );
}
