import { afterAll, beforeAll, expect, test } from 'vitest';
import { paymentRow, useTestApp } from '../../testing';
import { STRIPE_SECRET_KEY, startStripeCheckout, stripeEnv } from '../../testing/stripe/kit';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe/stand-in';
import { reconcilePayments } from './reconcile-payments';

let stand: StripeStandIn;
beforeAll(async () => {
  stand = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY });
});
afterAll(async () => {
  await stand.close();
});
const t = useTestApp(() => ({ env: stripeEnv(stand.url) }));

test('a paid checkout whose webhook never came is confirmed by the reconciler, not cancelled', async () => {
  const { sessionId, paymentId } = await startStripeCheckout(t.app, t.database.db);
  stand.completeCheckout(sessionId); // the fan paid; the event is never delivered
  t.clock.advance(61 * 60_000);
  await reconcilePayments(t.app);
  expect((await paymentRow(t.database.db, paymentId)).status).toBe('authorized');
});

test('a checkout still open at Stripe is left alone; an expired one is cancelled', async () => {
  const open = await startStripeCheckout(t.app, t.database.db);
  const gone = await startStripeCheckout(t.app, t.database.db);
  stand.expireCheckout(gone.sessionId);
  t.clock.advance(61 * 60_000);
  await reconcilePayments(t.app);
  expect((await paymentRow(t.database.db, open.paymentId)).status).toBe('pending');
  expect((await paymentRow(t.database.db, gone.paymentId)).status).toBe('canceled');
});
