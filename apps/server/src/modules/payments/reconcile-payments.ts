import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { earnings, messages, payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { alertProviderFailure } from '../system-alerts';
import { abandonCheckout } from './abandon-checkout';
import { capturePayment } from './capture-payment';
import { confirmAuthorization } from './confirm-authorization';
import { releasePayment } from './release-payment';

const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * Finishes provider work a crash or a provider outage left undone (issue: "a reconciler retries
 * provider calls left unfinished"): answered messages whose money was not taken, refunded ones whose
 * money was not let go, and checkouts nobody completed within an hour.
 */
export async function reconcilePayments(
  app: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log'>,
  limit = 100,
) {
  const unsettled = await app.db
    .select({ paymentId: payments.id, messageStatus: messages.status })
    .from(payments)
    .innerJoin(messages, eq(messages.id, payments.messageId))
    .leftJoin(earnings, eq(earnings.messageId, payments.messageId))
    .where(
      and(
        inArray(payments.status, ['authorized', 'succeeded']),
        inArray(messages.status, ['responded', 'refunded']),
        isNull(earnings.id),
      ),
    )
    .limit(limit);
  let settled = 0;
  let released = 0;
  for (const row of unsettled) {
    try {
      if (row.messageStatus === 'responded' && (await capturePayment(app, { paymentId: row.paymentId })) === 'captured')
        settled++;
      if (row.messageStatus === 'refunded' && (await releasePayment(app, { paymentId: row.paymentId })) === 'released')
        released++;
    } catch (error) {
      app.log.warn({ err: error, paymentId: row.paymentId }, 'reconcile: provider call failed; will retry');
      const action = row.messageStatus === 'responded' ? 'capture' : 'release or refund';
      await alertProviderFailure(app, { paymentId: row.paymentId, action, error });
    }
  }

  const stale = await app.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.createdAt, new Date(app.clock.now().getTime() - ABANDONED_AFTER_MS)),
      ),
    )
    .limit(limit);
  let abandoned = 0;
  for (const row of stale) {
    try {
      // Ask a hosted checkout first: its completion webhook may have been lost, not the fan's payment.
      const state = app.payments.checkoutState ? await app.payments.checkoutState(row) : { state: 'expired' as const };
      if (state.state === 'open') continue;
      if (state.state === 'complete') {
        const { refused } = await confirmAuthorization(app, {
          paymentId: row.id,
          providerPaymentId: state.providerPaymentId,
          captured: state.captured,
        });
        if (refused) {
          // Paid after the creator paused, maintenance began or the price changed: give it back.
          const held = { ...row, paymentIntentId: state.providerPaymentId };
          if (state.captured) await app.payments.refund(held);
          else await app.payments.release(held);
          await app.db
            .update(payments)
            .set({ paymentIntentId: state.providerPaymentId })
            .where(eq(payments.id, row.id));
        }
        continue;
      }
      if ((await abandonCheckout(app, { paymentId: row.id, reason: 'canceled' })).changed) abandoned++;
    } catch (error) {
      app.log.warn({ err: error, paymentId: row.id }, 'reconcile: could not read the checkout; will retry');
      await alertProviderFailure(app, { paymentId: row.id, action: 'confirm the checkout of', error });
    }
  }
  return { settled, released, abandoned };
}
