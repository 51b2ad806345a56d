import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { earnings, messages, payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { CheckoutsSeam } from '../../platform/ports';
import { enqueueEffects } from '../outbox';
import { alertProviderFailure } from '../system-alerts';
import { captureEffect, giveBackEffect, releaseEffect } from './effects';
import { reconcileRefunds } from './reconcile-refunds';

const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * What the outbox cannot know (decision 0022): checkouts nobody completed within an hour (the
 * provider is asked: a completion webhook may have been lost), and payments whose message was
 * answered or ended but whose money never moved: their capture or release is in the outbox when the
 * change wrote it, and is written now when it is not (a change from before the outbox). The jobs'
 * outbox pass carries them out, with its retries. Refunds left pending are asked after (reconcile-refunds.ts).
 */
export async function reconcilePayments(
  app: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox'> &
    CheckoutsSeam,
  limit = 100,
) {
  const unsettled = await app.db
    .select({ paymentId: payments.id, messageId: messages.id, messageStatus: messages.status })
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
  const effects = unsettled.map((row) =>
    row.messageStatus === 'responded' ? captureEffect(row.paymentId) : releaseEffect(row.messageId, [row.paymentId]),
  );
  // Written if missing (the same key is the same row); the jobs' outbox pass carries them out.
  await enqueueEffects(app.db, effects, app.clock.now());

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
      // Decision 0051: a delayed payment settles in days; its async_payment_* event (or a later pass) decides.
      if (state.state === 'open' || state.state === 'processing') continue;
      if (state.state === 'complete') {
        const { refused } = await app.checkouts.confirm(app, {
          paymentId: row.id,
          providerPaymentId: state.providerPaymentId,
          captured: state.captured,
          captureBefore: state.captureBefore ?? null,
        });
        if (refused) {
          // Paid after the creator paused, maintenance began or the price changed: give it back,
          // through the outbox (decision 0039), written with the intent it gives back.
          const giveBack = giveBackEffect(row.id, state.providerPaymentId, state.captured ? 'refund' : 'release');
          const now = app.clock.now();
          await app.db.transaction(async (tx) => {
            await tx.update(payments).set({ paymentIntentId: state.providerPaymentId }).where(eq(payments.id, row.id));
            await enqueueEffects(tx, [giveBack], now);
          });
          await app.outbox.carryOut([giveBack.key]);
        }
        continue;
      }
      const reason = state.state === 'failed' ? 'failed' : 'canceled';
      if ((await app.checkouts.abandon(app, { paymentId: row.id, reason })).changed) abandoned++;
    } catch (error) {
      app.log.warn({ err: error, paymentId: row.id }, 'reconcile: could not read the checkout; will retry');
      await alertProviderFailure(app, { paymentId: row.id, action: 'confirm the checkout of', error });
    }
  }
  const refundsSettled = await reconcileRefunds(app, limit);
  return { unsettled: unsettled.length, abandoned, refundsSettled };
}
