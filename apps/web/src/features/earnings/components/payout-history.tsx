import { formatCents, type TPayout, type TPayoutList } from '@fanline/contracts';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { earningsKeys, retryPayout } from '../../../components/payouts/payouts-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';

/**
 * Decision 0029: requested → in transit → paid at the bank, or failed (with why and what to do); a
 * requested payout may wait for its funds to settle first (decision 0052). A payout canceled at Stripe
 * is a failed one to the money (retry sends it again) and is shown as canceled (decision 0053).
 */
const STATUS: Record<TPayout['status'], { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'bg-amber-100 text-amber-800' },
  in_transit: { label: 'In transit', tone: 'bg-sky-100 text-sky-800' },
  paid: { label: 'Paid', tone: 'bg-emerald-100 text-emerald-800' },
  failed: { label: 'Failed', tone: 'bg-red-100 text-red-800' },
};
const CANCELED = { label: 'Canceled', tone: 'bg-slate-200 text-slate-800' };
const statusOf = (p: TPayout) => (p.status === 'failed' && p.failureCode === 'canceled' ? CANCELED : STATUS[p.status]);

/** spec §2 payout history, newest first. */
export function PayoutHistory({ query }: { query: UseQueryResult<TPayoutList> }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: retryPayout,
    onSuccess: (payout) => {
      if (payout.status === 'failed') toast.error('Payout failed again', { description: payout.failureReason ?? '' });
      else toast.success('Payout sent again');
    },
    onError: (error) =>
      toast.error('Could not retry the payout', {
        description: error instanceof ApiError ? error.message : 'Please try again in a moment.',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
  });
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <h2 className="font-semibold">Payout History</h2>
      {query.data?.simulated && (
        <p className="mt-1 text-xs text-amber-800">Test mode: payouts go to a simulated bank; no real money moves.</p>
      )}
      {query.isPending ? (
        <Skeleton className="mt-4 h-24" />
      ) : query.isLoadingError ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          Could not load payouts.
        </p>
      ) : query.data.items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No payouts yet.</p>
      ) : (
        <ul aria-label="Payouts" className="mt-3 divide-y divide-slate-100">
          {query.data.items.map((p) => (
            <li key={p.id} className="py-3">
              <div className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold tabular-nums">{formatCents(p.amount)}</p>
                  <p className="text-xs text-slate-500">{formatDate(p.createdAt)}</p>
                </div>
                <Badge className={statusOf(p).tone}>{statusOf(p).label}</Badge>
              </div>
              {p.reversedAmount > 0 && (
                <p className="mt-1 text-xs text-rose-700">
                  {formatCents(p.reversedAmount)} reversed: refunded to a fan after this payout
                </p>
              )}
              {p.waitingForFunds && (
                <div className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  <p className="font-medium">
                    {p.fundsAvailableOn
                      ? `Waiting for the card network: paid out on ${formatDate(p.fundsAvailableOn)}`
                      : 'Waiting for the card network'}
                  </p>
                  {p.advice && <p>{p.advice}</p>}
                </div>
              )}
              {p.status === 'failed' && (
                <div className="mt-2 space-y-2 rounded-lg bg-red-50 p-3 text-sm">
                  {p.failureReason && <p className="font-medium text-red-800">{p.failureReason}</p>}
                  {p.advice && <p className="text-red-900">{p.advice}</p>}
                  {p.retryable && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => retry.mutate(p.id)}
                      disabled={retry.isPending}
                      aria-label={`Retry the ${formatCents(p.amount)} payout`}
                    >
                      <RotateCw className="h-4 w-4" aria-hidden="true" />
                      {retry.isPending && retry.variables === p.id ? 'Retrying…' : 'Retry'}
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
