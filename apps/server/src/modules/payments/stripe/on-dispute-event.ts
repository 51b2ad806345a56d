import type Stripe from 'stripe';
import { applyDisputeNews } from '../dispute-state';
import { disputeNewsOf } from './disputes';
import type { StripeEventContext } from './event-context';

/**
 * charge.dispute.created, .updated, .closed, .funds_withdrawn and .funds_reinstated (issue 37 gap 2,
 * decision 0054): one handler, since each is only news that the dispute changed. The dispute is read
 * back from Stripe and applied as it is now (applyDisputeNews), so any of them twice, or in any order,
 * books and tells once.
 */
export async function onDisputeEvent({ app, stripe }: StripeEventContext, eventDispute: Stripe.Dispute) {
  const dispute = await stripe.disputes.retrieve(eventDispute.id);
  return applyDisputeNews(app, disputeNewsOf(dispute));
}
