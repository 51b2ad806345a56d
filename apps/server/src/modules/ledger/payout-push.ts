import { formatCents } from '@fanline/contracts';
import { pushEffect } from '../notifications';

/**
 * The creator's push about a payout's answer (issue 26, decision 0031): written in the transaction
 * that books the payout as paid or failed, beside its mail, so it goes out once after that commits.
 * Kept apart from finish-payout.ts so the payout.paid / payout.failed events of the Connect rework can
 * write it from wherever they book the outcome: one call with the payout as booked.
 */
export function payoutPushEffect(payout: {
  id: string;
  creatorId: string;
  amount: number;
  status: 'completed' | 'failed';
}) {
  const amount = formatCents(payout.amount);
  return pushEffect(`payout:${payout.id}:${payout.status}`, payout.creatorId, {
    ...(payout.status === 'completed'
      ? {
          title: `Your ${amount} payout is on its way`,
          body: 'It was sent to your bank account and usually arrives within a few business days.',
        }
      : {
          title: `Your ${amount} payout could not be sent`,
          body: 'The money is back in your available balance. Check your payout account and try again.',
        }),
    url: '/dashboard/earnings',
    tag: `payout-${payout.id}`,
  });
}
