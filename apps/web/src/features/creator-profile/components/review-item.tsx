import type { TReview } from '@fanline/contracts';
import { type ReactNode, useId, useState } from 'react';
import { Stars } from '../../../components/reviews/stars';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';

/** spec §9: review text is cut at 150 characters until "Read more". */
export const REVIEW_PREVIEW_CHARS = 150;

export function ReviewItem({
  review,
  creatorName,
  actions,
}: {
  review: TReview;
  creatorName: string;
  /** The viewer's own review: Edit Review. */
  actions?: ReactNode;
}) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const message = review.message ?? '';
  const long = message.length > REVIEW_PREVIEW_CHARS;
  const shown = long && !expanded ? `${message.slice(0, REVIEW_PREVIEW_CHARS).trimEnd()}…` : message;
  const author = review.customer.displayName || review.customer.username;

  return (
    <Card className="p-5">
      <div className="flex items-start gap-3">
        <span aria-hidden="true">
          <Avatar src={review.customer.avatarUrl} name={author} size="md" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="font-medium text-slate-900">{author}</p>
            <time dateTime={review.createdAt} className="text-xs text-slate-500">
              {formatDate(review.createdAt)}
            </time>
          </div>
          <Stars rating={review.rating} className="mt-1" />
          {review.title && <h3 className="mt-2 font-semibold text-slate-900">{review.title}</h3>}
          {message && (
            <p id={`${id}-text`} className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">
              {shown}
            </p>
          )}
          {long && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={`${id}-text`}
              className="mt-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? 'Show less' : 'Read more'}
            </button>
          )}
          {actions && <div className="mt-3">{actions}</div>}
          {review.creatorResponse && (
            <div className="mt-3 rounded-xl border-l-4 border-brand-500 bg-brand-50 p-3">
              <p className="text-xs font-semibold text-brand-900">
                Response from {creatorName}
                {review.creatorResponseAt && (
                  <span className="font-normal text-brand-900/70"> · {formatDate(review.creatorResponseAt)}</span>
                )}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{review.creatorResponse}</p>
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
