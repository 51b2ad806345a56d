import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { payments } from '../../../db/schema';
import { enqueueEffects } from '../../outbox';
import { giveBackEffect } from '../effects';
import { captureBeforeOf } from './capture-before';
import type { StripeEventContext } from './event-context';
import { findStripePayment, paymentIdOf } from './find-payment';

/**
 * checkout.session.completed (and .async_payment_succeeded, decision 0051): the fan finished Stripe's checkout. Whether money is held (requires_capture) or taken (succeeded,
 * long windows) is read from the PaymentIntent itself; only then does the message go live.
 */
export async function onCheckoutCompleted(ctx: StripeEventContext, eventSession: Stripe.Checkout.Session) {
  const { app, stripe, log } = ctx;
  const payment = await findStripePayment(app, paymentIdOf(eventSession));
  // Our row records the session it started; a session claiming another payment's id is not trusted.
  if (!payment || (payment.checkoutSessionId && payment.checkoutSessionId !== eventSession.id)) {
    return 'unknown payment';
  }
  const session = await stripe.checkout.sessions.retrieve(eventSession.id);
  if (paymentIdOf(session) !== payment.id) return 'unknown payment';
  const intentRef = session.payment_intent;
  if (session.status !== 'complete' || !intentRef) return `session ${session.status}`;
  const intent = await stripe.paymentIntents.retrieve(typeof intentRef === 'string' ? intentRef : intentRef.id);
  if (intent.amount !== payment.amountTotal || intent.currency !== 'usd') {
    log.warn({ paymentId: payment.id, intentId: intent.id }, 'stripe: intent amount differs from our payment');
    return 'amount mismatch';
  }

  const captured = intent.status === 'succeeded' ? true : intent.status === 'requires_capture' ? false : null;
  // Anything else is not money we can count on; a later event will tell (a delayed method's `processing`:
  // checkout.session.async_payment_*, decision 0051, which comes back here when it succeeded).
  if (captured === null) return `intent ${intent.status}`;
  const { changed } = await app.checkouts.confirm(app, {
    paymentId: payment.id,
    providerPaymentId: intent.id,
    captured,
    captureBefore: await captureBeforeOf(stripe, intent),
  });
  if (changed) return captured ? 'captured' : 'authorized';
  return giveBackOrphan(ctx, payment.id, intent);
}

/**
 * The fan paid, but we had already given up on this checkout (the reconciler abandons checkouts
 * after an hour, and Stripe may deliver this event days late). The message will not go live, so
 * the money must not stay with us: release the hold, or refund a payment taken at once.
 */
async function giveBackOrphan({ app, log }: StripeEventContext, paymentId: string, intent: Stripe.PaymentIntent) {
  // The intent is recorded and the give-back written in one transaction (decision 0039), then carried
  // out by the outbox: a provider failure is retried, and a repeat of this event finds the intent.
  const giveBack = giveBackEffect(paymentId, intent.id, intent.status === 'requires_capture' ? 'release' : 'refund');
  const now = app.clock.now();
  const already = await app.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    // An intent id on our row means we confirmed this payment before: a repeat, nothing is orphaned.
    if (!payment || payment.paymentIntentId || !['canceled', 'failed'].includes(payment.status)) {
      return `payment already ${payment?.status}`;
    }
    await tx.update(payments).set({ paymentIntentId: intent.id }).where(eq(payments.id, payment.id));
    await enqueueEffects(tx, [giveBack], now);
    return null;
  });
  if (already) return already;
  await app.outbox.carryOut([giveBack.key]);
  log.warn({ paymentId, intentId: intent.id }, 'stripe: paid after we abandoned the checkout; money given back');
  return 'orphan given back';
}
