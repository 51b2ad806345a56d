import { formatCents } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { ACCOUNTS, postLedgerTransaction } from '../ledger';
import { createNotification } from '../notifications';
import { enqueueSystemAlert } from '../system-alerts';
import type { PaymentRow, RefundOutcome } from './provider';

/**
 * A refund is tracked to its outcome (issue 37 gap 3, decision 0050). The flow that refunds books the
 * refund when the provider accepts it (payment `refunded`, the money from sender_hold or the earning
 * back to the card) and records the refund's id and status beside it: `pending` until the provider says
 * `succeeded`. A refund that fails puts the money back where Stripe puts it, on the platform's balance,
 * as owed to the fan (ACCOUNTS.refundsOwed), so the ledger says what Stripe holds; admins are alerted
 * (a person must give it back another way) and the fan's billing says "refund failed", never "refunded".
 */
export const refundColumns = (outcome: RefundOutcome) =>
  refusedOutright(outcome)
    ? { refundId: null, refundStatus: 'failed' as const, refundFailureReason: outcome.failureReason }
    : {
        refundId: outcome.refundId,
        // A refund that came back failed from the create call is recorded pending: Stripe's refund.failed
        // (or the reconciler) settles it through settleRefund, the one path that books, alerts and tells the fan.
        refundStatus: outcome.status === 'failed' ? ('pending' as const) : outcome.status,
        refundFailureReason: null,
      };

/**
 * The provider refused to create the refund at all (decision 0068): Stripe's `charge_disputed`, a charge
 * that was charged back, even when the bank later ruled for us. No refund exists, so no event or
 * reconciler will ever settle it: it is failed at once (refundColumns), and the flow that refunds books
 * it as a failed refund in the same transaction (bookRefundFailure, which writes the alert too).
 */
export function refusedOutright(outcome: RefundOutcome): boolean {
  return outcome.status === 'failed' && outcome.refundId === null;
}

/** The refund as the provider answered it: what the admins' alert names. */
export interface FailedRefund {
  refundId: string | null;
  failureReason: string | null;
}

/**
 * A refund refused outright (or failed later: settleRefund), in the refunding flow's transaction after
 * it booked the refund: the money comes back to the platform, owed to the fan, who is told, and the
 * admins' alert is written with it (decision 0070: a crash after the commit cannot lose it). Returns the
 * alert's keys, for alertFailedRefund to carry out after the commit.
 */
export async function bookRefundFailure(
  ctx: Pick<AppContext, 'log'>,
  tx: Db,
  payment: PaymentRow,
  refund: FailedRefund,
  at: Date,
): Promise<string[]> {
  await bookFailedRefund(tx, payment, at);
  await tellFanRefundFailed(tx, payment, at);
  return enqueueFailedRefundAlert(ctx, tx, payment, refund, at);
}

async function tellFanRefundFailed(tx: Db, payment: PaymentRow, at: Date): Promise<void> {
  if (!payment.messageId) return;
  // The fan was told the money is coming back: they hear that it did not, and that a person will act.
  await createNotification(tx, {
    userId: payment.senderId,
    type: 'message_refunded',
    title: 'Your refund did not go through',
    body: `Your card refund of ${formatCents(payment.amountTotal)} failed. We have been alerted and will make it right.`,
    messageId: payment.messageId,
    now: at,
  });
}

/** Admins hear of a failed refund: a person must give the money back another way. */
function enqueueFailedRefundAlert(
  ctx: Pick<AppContext, 'log'>,
  tx: Db,
  payment: Pick<PaymentRow, 'id' | 'amountTotal'>,
  refund: FailedRefund,
  at: Date,
): Promise<string[]> {
  const which = refund.refundId ? `The card refund ${refund.refundId}` : 'The card refund';
  return enqueueSystemAlert(
    tx,
    {
      kind: 'refund_failed',
      targetId: payment.id,
      subject: 'a refund to a fan failed',
      lines: [
        `${which} of payment ${payment.id} (${formatCents(payment.amountTotal)}) failed: ${refund.failureReason}.`,
        'The money is back on the platform balance and owed to the fan (ledger account refunds_owed).',
        'Give it back another way and tell the fan; Fanline does not retry a failed refund.',
      ],
    },
    { now: at, log: ctx.log },
  );
}

/** After the commit that booked a failed refund: the admins' alert written with it is sent. */
export async function alertFailedRefund(
  ctx: Pick<AppContext, 'log' | 'outbox'>,
  payment: Pick<PaymentRow, 'id'>,
  refund: FailedRefund,
  alertKeys: readonly string[],
): Promise<void> {
  await ctx.outbox.carryOut(alertKeys);
  ctx.log.error({ paymentId: payment.id, refundId: refund.refundId }, 'refund failed; admins alerted');
}

/** The failed refund's ledger leg: what went to the card comes back, owed to the fan. */
async function bookFailedRefund(tx: Db, payment: PaymentRow, at: Date) {
  await postLedgerTransaction(tx, {
    kind: 'refund_failed',
    paymentId: payment.id,
    at,
    legs: [
      { account: ACCOUNTS.card, amount: -payment.amountTotal },
      { account: ACCOUNTS.refundsOwed, amount: payment.amountTotal },
    ],
  });
}

export type SettleRefundContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log' | 'outbox'>;

/**
 * Applies where a refund stands now, as read from the provider (a webhook is only the trigger, so
 * events delivered twice or out of order apply the same truth): pending → succeeded, or → failed.
 * Failed is final; a refund that is not the payment's recorded one changes nothing. Returns what happened.
 */
export async function settleRefund(
  ctx: SettleRefundContext,
  opts: { paymentId: string; outcome: RefundOutcome },
): Promise<string> {
  const { outcome } = opts;
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, opts.paymentId)).for('update');
    if (!payment) return 'unknown payment';
    if (!payment.refundId || payment.refundId !== outcome.refundId) return 'not the payment’s refund';
    if (payment.refundStatus === outcome.status) return `refund already ${outcome.status}`;
    if (payment.refundStatus === 'failed') return 'refund already failed';
    // Stripe never takes a succeeded refund back to pending; a stale read must not either.
    if (outcome.status === 'pending') return `refund ${payment.refundStatus}; pending ignored`;
    await tx
      .update(payments)
      .set({ refundStatus: outcome.status, refundFailureReason: outcome.failureReason, updatedAt: now })
      .where(eq(payments.id, payment.id));
    if (outcome.status === 'succeeded') return 'refund succeeded';
    return { payment, alertKeys: await bookRefundFailure(ctx, tx, payment, outcome, now) };
  });
  if (typeof result === 'string') return result;
  await alertFailedRefund(ctx, result.payment, outcome, result.alertKeys);
  return 'refund failed';
}
