import { formatCents, type TBillingSummary } from '@fanline/contracts';
import { Clock, CreditCard, MessageSquare, MessagesSquare } from 'lucide-react';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';

/**
 * Issue 36 §17: a released hold was never charged, so it is not "returned"; a refund was charged and
 * paid back. Each is said as what happened.
 */
function returnedNote(summary: TBillingSummary): string {
  const released = summary.releasedCents > 0 ? `${formatCents(summary.releasedCents)} released, never charged` : null;
  const refunded = summary.refundedCents > 0 ? `${formatCents(summary.refundedCents)} refunded` : null;
  return [released, refunded].filter(Boolean).join(' · ') || `${formatCents(summary.returnedCents)} returned to you`;
}

/** spec §2 billing summary: total spent, messages sent, awaiting responses, conversations. */
export function SummaryCards({ summary, columns = 4 }: { summary: TBillingSummary | undefined; columns?: 2 | 4 }) {
  const items = [
    {
      label: 'Total spent',
      icon: CreditCard,
      value: summary && formatCents(summary.totalSpentCents),
      note:
        summary && summary.onHoldCents > 0
          ? `${formatCents(summary.onHoldCents)} on hold until the creator replies`
          : summary && summary.returnedCents > 0
            ? returnedNote(summary)
            : 'Charged only when a creator replies',
    },
    { label: 'Messages sent', icon: MessageSquare, value: summary?.messagesSent, note: 'Paid messages' },
    { label: 'Awaiting responses', icon: Clock, value: summary?.awaitingResponses, note: 'Still inside the window' },
    { label: 'Conversations', icon: MessagesSquare, value: summary?.conversations, note: 'With creators' },
  ];
  return (
    <dl className={columns === 4 ? 'grid grid-cols-2 gap-3 lg:grid-cols-4' : 'grid grid-cols-2 gap-3'}>
      {items.map(({ label, icon: Icon, value, note }) => (
        <Card key={label} className="p-4">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <Icon className="h-4 w-4 text-brand-600" aria-hidden="true" />
            {label}
          </dt>
          <dd className="mt-2">
            {value === undefined ? (
              <Skeleton className="h-7 w-16" />
            ) : (
              <span className="text-2xl font-bold text-slate-900" data-testid={`summary-${label}`}>
                {value}
              </span>
            )}
            <span className="mt-1 block text-xs text-slate-500">{note}</span>
          </dd>
        </Card>
      ))}
    </dl>
  );
}
