import { LIMITS, REVIEW_MESSAGES, type TReview, ZReviewResponseRequest } from '@fanline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  deleteReviewResponse,
  refreshAfterReviewChange,
  respondToReview,
  reviewFailure,
} from '../../../components/reviews/review-api';
import { Button } from '../../../components/ui/button';
import { Field, fieldAria } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';

/** spec §2 Customer Reviews tab: the creator adds a response to a review, or deletes theirs. */
export function ReviewResponse({ review }: { review: TReview }) {
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const fieldId = `review-response-${review.id}`;

  const respond = useMutation({
    mutationFn: (response: string) => respondToReview(review.id, response),
    onSuccess: () => {
      toast.success(REVIEW_MESSAGES.responseAdded);
      setWriting(false);
      setText('');
      refreshAfterReviewChange(queryClient);
    },
    onError: (failure) => {
      const { title, description } = reviewFailure(failure, REVIEW_MESSAGES.respondFailed);
      toast.error(title, { description });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteReviewResponse(review.id),
    onSuccess: () => {
      toast.success(REVIEW_MESSAGES.responseDeleted);
      refreshAfterReviewChange(queryClient);
    },
    onError: (failure) => {
      const { title, description } = reviewFailure(failure, REVIEW_MESSAGES.deleteResponseFailed);
      toast.error(title, { description });
    },
  });

  if (review.creatorResponse) {
    return (
      <div className="mt-3 rounded-xl border-l-4 border-brand-300 bg-brand-50 p-3 text-sm text-slate-700">
        <div className="flex items-start justify-between gap-2">
          <p className="text-xs font-semibold text-brand-900">Your response</p>
          <Button
            variant="ghost"
            size="sm"
            className="-my-1 h-7 text-red-700"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {remove.isPending ? 'Deleting…' : 'Delete Response'}
          </Button>
        </div>
        <p className="mt-1 whitespace-pre-line break-words">{review.creatorResponse}</p>
      </div>
    );
  }

  if (!writing) {
    return (
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => setWriting(true)}>
        Respond
      </Button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same schema the server validates with: 'Please enter a response', at most 500 characters.
    const parsed = ZReviewResponseRequest.safeParse({ response: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    respond.mutate(parsed.data.response);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2">
      <Field
        id={fieldId}
        label="Your response"
        error={error}
        hint={
          <span aria-live="polite">
            {text.length}/{LIMITS.reviewResponse.max}
          </span>
        }
      >
        <Textarea
          {...fieldAria(fieldId, error, true)}
          value={text}
          maxLength={LIMITS.reviewResponse.max}
          onChange={(event) => setText(event.target.value)}
          placeholder="Thank the fan or add context"
          className="min-h-20"
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={respond.isPending}>
          {respond.isPending ? 'Posting…' : 'Post Response'}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={respond.isPending}
          onClick={() => setWriting(false)}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
