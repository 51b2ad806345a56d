import type { TOwnReview, TReview } from '@fanline/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MessageSquareText, Pencil } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { PagedReviewList } from '../../../components/reviews/paged-review-list';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useSession } from '../../../lib/auth/session';
import { lazyPart } from '../../../lib/lazy-part';
import { reviewsQuery } from '../api/profile';
import { ReviewItem } from './review-item';

// The Review dialog (its form, zod schemas and dialog primitives) is a chunk of its own, fetched when a fan
// first clicks Edit Review: only the author of a review ever opens it, and on a profile's first load its
// code cost every visitor ~150 ms of main-thread time at 4× CPU slowdown (decision 0037).
const ReviewDialog = lazyPart(() =>
  import('../../../components/reviews/review-dialog').then((m) => ({ default: m.ReviewDialog })),
);

interface ReviewListProps {
  username: string;
  creatorId: string;
  creatorName: string;
}

/**
 * spec §7 reviews, newest first, 5 at a time with "Load more". The signed-in fan's own review carries
 * Edit Review, which opens the same Review dialog as the conversation (update or delete, issue 25).
 */
export function ReviewList({ username, creatorId, creatorName }: ReviewListProps) {
  const query = useInfiniteQuery(reviewsQuery(username));
  const { user } = useSession();
  const [editing, setEditing] = useState<TReview | null>(null);
  // Mounted from the first Edit Review on, and kept: closing it runs its closing animation.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (editing && !dialogWanted) setDialogWanted(true);
  const isMine = (review: TReview) => Boolean(user) && review.customer.username === user?.username;
  // Kept stable while the dialog is open: the dialog resets its fields whenever `existing` changes.
  const existing = useMemo<TOwnReview | null>(
    () =>
      editing && {
        id: editing.id,
        creatorId,
        conversationId: null,
        rating: editing.rating,
        title: editing.title,
        message: editing.message,
        creatorResponse: editing.creatorResponse,
        createdAt: editing.createdAt,
      },
    [editing, creatorId],
  );
  return (
    <>
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
        {(review) => (
          <ReviewItem
            review={review}
            creatorName={creatorName}
            actions={
              isMine(review) && (
                <Button variant="secondary" size="sm" onClick={() => setEditing(review)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  Edit Review
                </Button>
              )
            }
          />
        )}
      </PagedReviewList>
      {dialogWanted && (
        <Suspense fallback={null}>
          <ReviewDialog
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
            creator={{ id: creatorId, name: creatorName }}
            conversationId=""
            existing={existing}
          />
        </Suspense>
      )}
    </>
  );
}
