import { useInfiniteQuery } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { PagedReviewList } from '../../../components/reviews/paged-review-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { reviewsQuery } from '../api/profile';
import { ReviewItem } from './review-item';

/** spec §7 reviews, newest first, 5 at a time with "Load more". */
export function ReviewList({ username, creatorName }: { username: string; creatorName: string }) {
  const query = useInfiniteQuery(reviewsQuery(username));
  return (
    <PagedReviewList
      query={query}
      label="Reviews"
      placeholders={{ count: 3, className: 'h-28' }}
      empty={
        <EmptyState icon={MessageSquareText} title="No reviews yet">
          Reviews appear here after fans hear back from {creatorName}.
        </EmptyState>
      }
      loadMore={{
        label: 'Load more reviews',
        className: 'mt-4',
        failure: 'Failed to load more reviews. Please try again.',
      }}
    >
      {(review) => <ReviewItem review={review} creatorName={creatorName} />}
    </PagedReviewList>
  );
}
