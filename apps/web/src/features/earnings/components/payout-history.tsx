import { formatCents, type TPayout, type TPayoutList } from '@fanline/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format-date';

const STATUS: Record<TPayout['status'], { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'bg-amber-100 text-amber-800' },
  completed: { label: 'Completed', tone: 'bg-emerald-100 text-emerald-800' },
  failed: { label: 'Failed', tone: 'bg-red-100 text-red-800' },
};

/** spec §2 payout history, newest first. */
export function PayoutHistory({ query }: { query: UseQueryResult<TPayoutList> }) {
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <h2 className="font-semibold">Payout History</h2>
      {query.isPending ? (
        <Skeleton className="mt-4 h-24" />
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          Could not load payouts.
        </p>
      ) : query.data.items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No payouts yet.</p>
      ) : (
        <ul aria-label="Payouts" className="mt-3 divide-y divide-slate-100">
          {query.data.items.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-3">
              <div>
                <p className="font-semibold tabular-nums">{formatCents(p.amount)}</p>
                <p className="text-xs text-slate-500">{formatDate(p.createdAt)}</p>
                {p.failureReason && <p className="text-xs text-red-700">{p.failureReason}</p>}
              </div>
              <Badge className={STATUS[p.status].tone}>{STATUS[p.status].label}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
