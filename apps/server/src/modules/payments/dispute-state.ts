import { formatCents } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import { disputes, payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import {
  bookDisputeFunds,
  type DisputedPayment,
  earningForRefund,
  giveBackDisputedEarning,
  takeDisputedEarning,
} from '../ledger';
import { createNotification } from '../notifications';
import { enqueueEffects } from '../outbox';
import { disputeMailEffect } from './effects';
import type { DisputeNews, PaymentRow } from './provider';

export type DisputeContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'log' | 'outbox'>;
type Stage = 'opened' | 'won' | 'lost';
type DisputeRow = typeof disputes.$inferSelect;

const CLOSED = new Set(['won', 'lost']);

/** The in-app notice of one stage, to the fan and to the creator (the mail says the same at length). */
function notices(payment: PaymentRow, row: DisputeRow, stage: Stage) {
  const amount = formatCents(row.amount);
  const share = formatCents(payment.amountCreator);
  const fan = {
    opened: [
      'Your bank disputed a payment',
      `Your bank disputed your ${amount} payment. We will tell you when it decides.`,
    ],
    won: ['Your bank closed its dispute', `Your bank decided that your ${amount} payment stands.`],
    lost: ['Your bank closed its dispute', `Your bank decided that your ${amount} payment goes back to you.`],
  };
  const creator = {
    opened: [
      'A fan disputed a payment',
      row.earningAction === 'clawed_back'
        ? `Your ${share} from this message was taken back until the fan's bank decides.`
        : `Your ${share} from this message is on hold until the fan's bank decides.`,
    ],
    won: ['A dispute was decided for you', `Your ${share} from this message is back in your earnings.`],
    lost: ['A dispute was decided for the fan', `Your ${share} from this message went back to the fan.`],
  };
  return [
    { userId: payment.senderId, audience: 'fan' as const, text: fan[stage] },
    { userId: payment.recipientId, audience: 'creator' as const, text: creator[stage] },
  ];
}

async function tell(tx: Db, payment: PaymentRow, row: DisputeRow, stage: Stage, at: Date) {
  const effects = [];
  for (const { userId, audience, text } of notices(payment, row, stage)) {
    // No earning was taken (the message was never answered): the creator has nothing at stake.
    if (audience === 'creator' && row.earningAction === 'none') continue;
    const [title = '', body = ''] = text;
    await createNotification(tx, {
      userId,
      type: 'message_refunded',
      title,
      body,
      messageId: payment.messageId,
      now: at,
    });
    effects.push(disputeMailEffect(row.id, audience, stage));
  }
  await enqueueEffects(tx, effects, at);
  return effects.map((e) => e.key);
}

/**
 * Applies a chargeback as the provider has it now (issue 37 gap 2, decision 0054). The webhook is only
 * the trigger: every charge.dispute.* event reads the dispute back and lands here, so events twice or
 * out of order apply the same truth, once. In order, each step at most once:
 * - the dispute is recorded (and its status, deadline and submissions kept current; a closed one stays closed);
 * - what Stripe withdrew from the platform balance, and reinstated, is booked (bookDisputeFunds), and
 *   Stripe's dispute fee with it, out of the platform's revenue (decision 0060);
 * - a chargeback (not an inquiry) takes the creator's earning: held if not paid out, clawed back if paid
 *   out, its transfer reversed at the provider first (the late refund's path, keyed by the earning), and
 *   the fan and the creator are told;
 * - the ruling: won gives the earning back; lost leaves the money with the fan; both are told.
 */
export async function applyDisputeNews(ctx: DisputeContext, news: DisputeNews): Promise<string> {
  if (!news.providerPaymentId) return 'dispute without a payment';
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, ctx.payments.name), eq(payments.paymentIntentId, news.providerPaymentId)));
  if (!payment?.messageId) return 'unknown payment';
  const messageId = payment.messageId;
  const chargeback = !news.status.startsWith('warning_');
  const [known] = await ctx.db
    .select({ action: disputes.earningAction })
    .from(disputes)
    .where(eq(disputes.providerDisputeId, news.providerDisputeId));
  // A paid-out earning's transfer is reversed before anything is booked, outside the transaction (no
  // provider call under row locks), as refundCapturedPayment does. A failure is a 500: Stripe delivers again.
  let reversed = false;
  if (chargeback && !known?.action && news.status !== 'won') {
    const found = await earningForRefund(ctx.db, { messageId });
    if (found?.transfer) await ctx.payments.payouts.reverseTransfer(found.transfer);
    reversed = true;
  }
  const now = ctx.clock.now();
  const split: DisputedPayment = {
    paymentId: payment.id,
    messageId,
    creatorId: payment.recipientId,
    amountCreator: payment.amountCreator,
    amountPlatformFee: payment.amountPlatformFee,
  };
  const result = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    await tx
      .insert(disputes)
      .values({
        providerDisputeId: news.providerDisputeId,
        paymentId: payment.id,
        status: news.status,
        reason: news.reason,
        amount: news.amount,
        currency: news.currency,
        dueBy: news.dueBy,
        submissionCount: news.submissionCount,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: disputes.providerDisputeId });
    const [before] = await tx
      .select()
      .from(disputes)
      .where(eq(disputes.providerDisputeId, news.providerDisputeId))
      .for('update');
    if (!before) throw new Error(`dispute ${news.providerDisputeId} not recorded`);
    // Stripe never reopens a closed dispute: a stale read after the ruling changes nothing.
    const status = CLOSED.has(before.status) ? before.status : news.status;
    let row: DisputeRow = { ...before, status, dueBy: news.dueBy, submissionCount: news.submissionCount };
    const funds = await bookDisputeFunds(tx, {
      paymentId: payment.id,
      withdrawn: news.withdrawn,
      reinstated: news.reinstated,
      feeCharged: news.feeCharged,
      feeReturned: news.feeReturned,
      at: now,
    });
    const stages: Stage[] = [];
    if (chargeback && !row.earningAction && status !== 'won') {
      // The earning's lock is taken inside; a payout that took it since our look (no reversal made) is retried.
      const taking = await takeDisputedEarning(tx, split, now);
      if (taking.action === 'clawed_back' && !reversed) throw new Error(`earning of ${messageId} paid out meanwhile`);
      row = {
        ...row,
        earningAction: taking.action,
        earningFrom: taking.action === 'none' ? null : taking.from,
        earningStatusBefore: taking.action === 'none' ? null : taking.statusBefore,
      };
      stages.push('opened');
    }
    if (!row.settledAt && (status === 'won' || status === 'lost')) {
      if (status === 'won' && row.earningFrom) {
        await giveBackDisputedEarning(tx, split, { from: row.earningFrom, statusBefore: row.earningStatusBefore }, now);
      }
      // Told of a ruling only when they were told of the dispute (a dispute first seen won took nothing).
      if (row.earningAction || stages.length > 0) stages.push(status);
      row = { ...row, settledAt: now, earningAction: row.earningAction ?? 'none' };
    }
    const { id: _id, createdAt: _c, ...changes } = row;
    await tx
      .update(disputes)
      .set({ ...changes, updatedAt: now })
      .where(eq(disputes.id, row.id));
    const keys: string[] = [];
    for (const stage of stages) keys.push(...(await tell(tx, payment, row, stage, now)));
    const booked = [
      funds.withdrawn && `withdrawn ${funds.withdrawn}`,
      funds.reinstated && `reinstated ${funds.reinstated}`,
      funds.fee && `fee ${funds.fee}`,
    ];
    return { keys, outcome: [`dispute ${status}`, ...booked.filter(Boolean), ...stages].join(', ') };
  });
  if (result.keys.length > 0) await ctx.outbox.carryOut(result.keys);
  return result.outcome;
}
