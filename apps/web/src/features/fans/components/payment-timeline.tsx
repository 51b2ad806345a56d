import { formatCents } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { paymentTimelineQuery } from '../api/fans';

const LABEL = {
  authorized: 'Card authorized (hold placed)',
  captured: 'Charged: the creator replied',
  released: 'Hold released: not charged',
  refunded: 'Refunded to your card',
} as const;

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One payment's history from the ledger: authorized, then captured or released / refunded. */
export function PaymentTimeline({ paymentId, windowHours }: { paymentId: string; windowHours: number | undefined }) {
  const query = useQuery(paymentTimelineQuery(paymentId));
  if (query.isPending) return <Spinner label="Loading payment history" />;
  if (query.isLoadingError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Could not load this payment’s history.
      </p>
    );
  }
  const { steps, returnNote, status } = query.data;
  return (
    <div className="space-y-3">
      <ol className="relative space-y-3 border-l border-slate-200 pl-4">
        {steps.map((s) => (
          <li key={s.step} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-brand-600"
            />
            <span className="block text-sm font-medium text-slate-900">
              {LABEL[s.step]} · {formatCents(s.amountCents)}
            </span>
            <time dateTime={s.at} className="block text-xs text-slate-500">
              {WHEN.format(new Date(s.at))}
            </time>
          </li>
        ))}
      </ol>
      {status === 'pending' && (
        <p className="text-sm text-slate-600">
          Charged only if the creator replies{windowHours ? ` within ${windowHours} hours` : ' in time'}; otherwise the
          hold is released.
        </p>
      )}
      {returnNote && <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{returnNote}</p>}
    </div>
  );
}
