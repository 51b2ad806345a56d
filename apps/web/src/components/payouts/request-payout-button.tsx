import { PAYOUT_MESSAGES } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { payoutReadiness } from './payout-readiness';
import { earningsKeys, earningsSummaryQuery, requestPayout } from './payouts-api';

/**
 * spec §2 Request Payout (creator layout and earnings page): pays out the whole available balance.
 * spec §5: at least the minimum available, else 'Minimum Payout Not Met'. Below the minimum the button
 * is disabled and `note` says how far the creator is; the server checks the same rule again.
 */
export function RequestPayoutButton({
  className,
  variant = 'primary',
  buttonClassName,
  noteClassName,
}: {
  className?: string;
  variant?: 'primary' | 'secondary';
  buttonClassName?: string;
  noteClassName?: string;
}) {
  const queryClient = useQueryClient();
  const summary = useQuery(earningsSummaryQuery());
  const noteId = useId();
  const payout = useMutation({
    mutationFn: requestPayout,
    onSuccess: (result) => {
      if (result.status === 'failed') {
        toast.error(PAYOUT_MESSAGES.failed, { description: result.failureReason ?? PAYOUT_MESSAGES.failedFallback });
      } else if (result.waitingForFunds) {
        // Decision 0052: the money is still settling from the card network; the advice says until when.
        toast.success(PAYOUT_MESSAGES.requested, { description: result.advice ?? PAYOUT_MESSAGES.requestedBody });
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

  const readiness = summary.data ? payoutReadiness(summary.data) : null;
  const blocked = readiness?.kind === 'below-minimum' ? readiness : null;
  return (
    <div className={cn('w-full', className)}>
      <Button
        variant={variant}
        className={cn('w-full', buttonClassName)}
        onClick={() => payout.mutate()}
        disabled={readiness?.kind !== 'ready' || payout.isPending}
        aria-describedby={blocked ? noteId : undefined}
      >
        <Wallet className="h-4 w-4" aria-hidden="true" />
        {payout.isPending ? 'Requesting…' : 'Request Payout'}
      </Button>
      {blocked && (
        <p id={noteId} data-testid="payout-minimum-note" className={cn('mt-1.5 text-center text-xs', noteClassName)}>
          {blocked.note}
        </p>
      )}
    </div>
  );
}

/**
 * The creator layout's Request Payout: offered only when a payout can be requested now (an account and
 * at least the minimum available); otherwise the Earnings page says why.
 */
export function SidebarPayoutButton({ className }: { className?: string }) {
  const summary = useQuery(earningsSummaryQuery());
  if (!summary.data || payoutReadiness(summary.data).kind !== 'ready') return null;
  return <RequestPayoutButton className={className} />;
}
