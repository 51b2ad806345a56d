import type Stripe from 'stripe';
import { bookTransferReversal } from '../../ledger';
import type { StripeEventContext } from './event-context';

/**
 * transfer.reversed (decision 0029): an earning's transfer taken back, by our own refund after transfer
 * or by hand in Stripe's dashboard. The transfer is read back from Stripe; a full reversal is booked
 * once (the earning marked reversed, its share back from the creator's connected account).
 */
export async function onTransferReversed({ app }: StripeEventContext, eventTransfer: Stripe.Transfer): Promise<string> {
  const rails = app.payments.payouts;
  if (!rails.transferState) return 'provider keeps no transfers';
  const transfer = await rails.transferState(eventTransfer.id);
  return bookTransferReversal(app.db, {
    transferId: eventTransfer.id,
    amountReversed: transfer.amountReversed,
    at: app.clock.now(),
  });
}
