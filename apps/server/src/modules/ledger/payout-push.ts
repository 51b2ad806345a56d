import { formatCents } from '@fanline/contracts';
import { pushEffect } from '../notifications';
import { PAYOUT_CANCELED } from './payout-advice';

/**
 * The creator's push about a payout's answer (issue 26, decisions 0029 and 0031), written beside its
 * mail in the transaction that books the answer, under the same key parts (payout, answer, attempt), so
 * it goes out once after that commits. It says what the mail's subject says; the details are on Earnings.
 */
export function payoutPushEffect(
  payout: { id: string; creatorId: string; amount: number; transferred: boolean; failureCode: string | null },
  status: 'paid' | 'failed',
  attempt: number,
) {
  const amount = formatCents(payout.amount);
  const content =
    status === 'paid'
      ? { title: `Your ${amount} payout has arrived`, body: 'It was paid into your bank account.' }
      : payout.failureCode === PAYOUT_CANCELED
        ? {
            title: `Your ${amount} payout was canceled`,
            body: 'The money is safe on your Stripe balance. Open Earnings to retry.',
          }
        : payout.transferred
          ? {
              title: `Your ${amount} payout failed`,
              body: 'Your bank did not accept it. Open Earnings to see why and retry.',
            }
          : {
              title: `Your ${amount} payout could not be sent`,
              body: 'The money is back in your available balance. Check your payout account and try again.',
            };
  return pushEffect(`payout:${payout.id}:${status}:${attempt}`, payout.creatorId, {
    ...content,
    url: '/dashboard/earnings',
    tag: `payout-${payout.id}`,
  });
}
