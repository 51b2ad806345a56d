import type Stripe from 'stripe';

/**
 * When Stripe drops a held card payment: its charge's `payment_method_details.card.capture_before`
 * (decision 0050). Not our PAYMENT_HOLD_HOURS: the card network decides (7 days for most card
 * payments, less for some). Null when the money is already taken or the charge names no deadline.
 */
export async function captureBeforeOf(stripe: Stripe, intent: Stripe.PaymentIntent): Promise<Date | null> {
  if (intent.status !== 'requires_capture' || !intent.latest_charge) return null;
  const ref = intent.latest_charge;
  const charge = typeof ref === 'string' ? await stripe.charges.retrieve(ref) : ref;
  const at = charge.payment_method_details?.card?.capture_before;
  return typeof at === 'number' ? new Date(at * 1000) : null;
}
