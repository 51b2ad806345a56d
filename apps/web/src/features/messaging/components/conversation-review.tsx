import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { myReviewQuery } from '../../../components/reviews/review-api';
import { ReviewDialog } from '../../../components/reviews/review-dialog';
import { Button } from '../../../components/ui/button';

/** spec §9: the review prompt opens 2 seconds after a sender views a responded conversation. */
export const REVIEW_PROMPT_DELAY_MS = 2000;

interface ConversationReviewProps {
  creator: { id: string; name: string };
  conversationId: string;
}

/**
 * spec §2 Conversation view and §4 Review flow, for a sender whose conversation has a response: the
 * Review dialog opens by itself after 2 s when they have no review for this creator and
 * conversation (also when the lookup fails, spec §8), and not while another dialog is open, and a
 * button opens it any time to write or edit their review.
 */
export function ConversationReview({ creator, conversationId }: ConversationReviewProps) {
  const [open, setOpen] = useState(false);
  const lookup = useQuery(myReviewQuery(creator.id, conversationId));
  const existing = lookup.data?.review ?? null;
  const lookupDone = !lookup.isPending;
  const hasReview = Boolean(existing);
  const prompted = useRef<string | null>(null);

  useEffect(() => {
    if (!lookupDone || hasReview || prompted.current === conversationId) return;
    let timer: ReturnType<typeof setTimeout>;
    const prompt = () => {
      // Never over a dialog the sender opened meanwhile (a report being written): opening this one would
      // close it and lose what they typed. Ask again once it has closed.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) {
        timer = setTimeout(prompt, REVIEW_PROMPT_DELAY_MS);
        return;
      }
      prompted.current = conversationId;
      setOpen(true);
    };
    timer = setTimeout(prompt, REVIEW_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lookupDone, hasReview, conversationId]);

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} disabled={lookup.isPending}>
        <Star className="h-4 w-4" aria-hidden="true" />
        {hasReview ? 'Edit Review' : 'Leave a Review'}
      </Button>
      <ReviewDialog
        open={open}
        onOpenChange={setOpen}
        creator={creator}
        conversationId={conversationId}
        existing={existing}
      />
    </>
  );
}
