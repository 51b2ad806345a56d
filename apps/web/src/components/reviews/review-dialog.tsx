import { LIMITS, REVIEW_MESSAGES, type TOwnReview, ZReviewFields } from '@fanline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { Field, fieldAria } from '../ui/field';
import { Input, Textarea } from '../ui/input';
import { createReview, deleteReview, refreshAfterReviewChange, reviewFailure, updateReview } from './review-api';

interface ReviewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  creator: { id: string; name: string };
  conversationId: string;
  /** The fan's existing review: the dialog edits it (and can delete it); null writes a new one. */
  existing: TOwnReview | null;
}

/**
 * spec §2 Review dialog: rating 1–5, optional title, optional message with a counter. No star is
 * chosen at first (the spec's default 5 published a 5.0 in one click): Submit waits for one.
 */
export function ReviewDialog({ open, onOpenChange, creator, conversationId, existing }: ReviewDialogProps) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Each opening starts from the saved review, or from no rating at all: the fan picks one (issue 36 §4).
  useEffect(() => {
    if (!open) return;
    setRating(existing?.rating ?? null);
    setTitle(existing?.title ?? '');
    setMessage(existing?.message ?? '');
    setErrors({});
  }, [open, existing]);

  const done = (success: string) => {
    toast.success(success);
    refreshAfterReviewChange(queryClient);
    onOpenChange(false);
  };
  const save = useMutation({
    mutationFn: (fields: { rating: number; title: string | null; message: string | null }) =>
      existing ? updateReview(existing.id, fields) : createReview({ ...fields, creatorId: creator.id, conversationId }),
    onSuccess: () => done(existing ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.submitted),
    onError: (error) => {
      const { title: heading, description } = reviewFailure(
        error,
        existing ? REVIEW_MESSAGES.updateFailed : REVIEW_MESSAGES.submitFailed,
      );
      toast.error(heading, { description });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteReview(existing?.id ?? ''),
    onSuccess: () => done(REVIEW_MESSAGES.deleted),
    onError: (error) => {
      const { title: heading, description } = reviewFailure(error, REVIEW_MESSAGES.deleteFailed);
      toast.error(heading, { description });
    },
  });
  const busy = save.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same schema the server validates with.
    const parsed = ZReviewFields.safeParse({ rating: rating ?? undefined, title, message });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        title={existing ? REVIEW_MESSAGES.editTitle(creator.name) : REVIEW_MESSAGES.createTitle(creator.name)}
        description="Your review is public on the creator's profile."
        // Focus starts on the chosen star (a radio group's one tab stop), else on the first star.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          const target = event.target as HTMLElement | null;
          (
            target?.querySelector<HTMLInputElement>('input[name="rating"]:checked') ??
            target?.querySelector<HTMLInputElement>('input[name="rating"]')
          )?.focus();
        }}
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          <fieldset aria-describedby={errors.rating ? 'review-rating-error' : 'review-rating-hint'}>
            <legend className="mb-1 text-sm font-medium text-slate-700">Rating</legend>
            <StarPicker
              value={rating}
              onChange={(star) => {
                setRating(star);
                setErrors(({ rating: _chosen, ...rest }) => rest);
              }}
            />
            {errors.rating ? (
              <p id="review-rating-error" role="alert" className="mt-1 text-sm text-red-700">
                {errors.rating}
              </p>
            ) : (
              <p id="review-rating-hint" className="mt-1 text-sm text-slate-600">
                {rating ? `${rating} of ${LIMITS.rating.max} stars` : 'Choose 1 to 5 stars'}
              </p>
            )}
          </fieldset>
          <Field id="review-title" label="Title (optional)" error={errors.title}>
            <Input
              {...fieldAria('review-title', errors.title)}
              value={title}
              maxLength={LIMITS.reviewTitle.max}
              onChange={(event) => setTitle(event.target.value)}
              placeholder="Sum it up in a few words"
            />
          </Field>
          <Field
            id="review-message"
            label="Your review (optional)"
            error={errors.message}
            hint={
              <span aria-live="polite">
                {message.length}/{LIMITS.reviewMessage.max}
              </span>
            }
          >
            <Textarea
              {...fieldAria('review-message', errors.message, true)}
              value={message}
              maxLength={LIMITS.reviewMessage.max}
              onChange={(event) => setMessage(event.target.value)}
              placeholder="What was helpful about the answer?"
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            {existing ? (
              <Button
                type="button"
                variant="ghost"
                className="text-red-700"
                disabled={busy}
                onClick={() => remove.mutate()}
              >
                {remove.isPending ? 'Deleting…' : 'Delete Review'}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || rating === null}>
                {save.isPending ? 'Saving…' : existing ? 'Update Review' : 'Submit Review'}
              </Button>
            </div>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
function StarPicker({ value, onChange }: { value: number | null; onChange(rating: number): void }) {
  return (
    <div className="flex gap-1">
      {Array.from({ length: LIMITS.rating.max }, (_, index) => {
        const star = index + 1;
        return (
          <label
            key={star}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
              aria-label={`${star} star${star === 1 ? '' : 's'}`}
            />
            <Star
              aria-hidden="true"
              className={cn(
                'h-8 w-8',
                value !== null && star <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300',
              )}
            />
          </label>
        );
      })}
    </div>
  );
}
