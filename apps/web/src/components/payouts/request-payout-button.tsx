import { formatCents, LIMITS, PAYOUT_MESSAGES } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { earningsKeys, earningsSummaryQuery, requestPayout } from './payouts-api';

/**
 * spec §2 Request Payout (creator layout and earnings page): pays out the whole available balance.
 * spec §5: at least $100 available, else 'Minimum Payout Not Met'; the server checks it again.
 */
export function RequestPayoutButton({
  className,
  variant = 'primary',
}: {
  className?: string;
  variant?: 'primary' | 'secondary';
}) {
  const queryClient = useQueryClient();
  const summary = useQuery(earningsSummaryQuery());
  const payout = useMutation({
    mutationFn: requestPayout,
    onSuccess: (result) => {
      if (result.status === 'failed') {
        toast.error(PAYOUT_MESSAGES.failed, { description: result.failureReason ?? PAYOUT_MESSAGES.failedFallback });
      } else {
        toast.success(PAYOUT_MESSAGES.requested, { description: PAYOUT_MESSAGES.requestedBody });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.amount === PAYOUT_MESSAGES.minimumNotMet) {
        toast.error(PAYOUT_MESSAGES.minimumNotMet, { description: error.message });
      } else if (error instanceof ApiError && error.fields?.payoutAccount) {
        toast.error(error.fields.payoutAccount, { description: error.message });
      } else {
        toast.error(PAYOUT_MESSAGES.failed, {
          description: error instanceof ApiError ? error.message : PAYOUT_MESSAGES.failedFallback,
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
  });

  const onClick = () => {
    const available = summary.data?.available;
    if (available !== undefined && available < LIMITS.minimumPayoutCents) {
      toast.error(PAYOUT_MESSAGES.minimumNotMet, {
        description: `You need at least ${formatCents(LIMITS.minimumPayoutCents)} available to request a payout; you have ${formatCents(available)}.`,
      });
      return;
    }
    payout.mutate();
  };

  return (
    <Button variant={variant} className={cn('w-full', className)} onClick={onClick} disabled={payout.isPending}>
      <Wallet className="h-4 w-4" aria-hidden="true" />
      {payout.isPending ? 'Requesting…' : 'Request Payout'}
    </Button>
  );
}
