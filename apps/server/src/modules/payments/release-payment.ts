import { and, eq, sql } from 'drizzle-orm';
import { earnings, ledgerEntries, payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { ACCOUNTS, earningExists, postLedgerTransaction } from '../ledger';
import { messageStatusOf } from '../messages';

export type ReleasePaymentContext = Pick<AppContext, 'db' | 'clock' | 'payments'>;

/**
 * The window ran out (or the creator declined): the fan keeps the money (ARCHITECTURE §2). An
 * authorization is released; a payment captured at send time (long windows, captures-at-once.ts) is
 * refunded. Idempotent like capturePayment.
 */
export async function releasePayment(
  ctx: ReleasePaymentContext,
  opts: { paymentId: string },
): Promise<'released' | 'noop'> {
  const { paymentId } = opts;
  const [before] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!before?.messageId || !['authorized', 'succeeded'].includes(before.status)) return 'noop';
  if (await earningExists(ctx.db, { messageId: before.messageId })) return 'noop';
  if (before.status === 'authorized') await ctx.payments.release(before);
  else await ctx.payments.refund(before);

  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment?.messageId || !['authorized', 'succeeded'].includes(payment.status)) return 'noop' as const;
    if ((await messageStatusOf(tx, payment.messageId)) !== 'refunded') return 'noop' as const;
    const kind = payment.status === 'authorized' ? 'release' : 'refund';
    await tx
      .update(payments)
      .set({ status: kind === 'release' ? 'canceled' : 'refunded', updatedAt: now })
      .where(eq(payments.id, payment.id));
    await postLedgerTransaction(tx, {
      kind,
      paymentId: payment.id,
      legs: [
        { account: ACCOUNTS.senderHold, amount: -payment.amountTotal },
        { account: ACCOUNTS.card, amount: payment.amountTotal },
      ],
    });
    return 'released' as const;
  });
}

/**
 * An admin upheld a "not an answer" flag (decision 0016): the captured payment goes back to the fan.
 * The same refund call as an expired captured-at-once payment (keyed `fanline:<id>:refund`), then one
 * balanced transaction reverses the capture: the creator's earning (from creator_held, where the flag
 * kept it) and the platform fee (from platform_revenue) go back to the card, and the earning is marked refunded. Only an
 * earning not yet paid out is reversed (a flag holds its earning out of payouts until the ruling).
 * Idempotent: a second call, or a crash and a retry, books it once.
 */
export async function refundCapturedPayment(
  ctx: ReleasePaymentContext,
  opts: { messageId: string },
): Promise<'refunded' | 'noop'> {
  const unpaidEarning = async (db: ReleasePaymentContext['db'], lock: boolean) => {
    const query = db
      .select({ id: earnings.id, status: earnings.status, payoutId: earnings.payoutId })
      .from(earnings)
      .where(eq(earnings.messageId, opts.messageId));
    const [row] = lock ? await query.for('update') : await query;
    return row && row.payoutId === null && ['pending', 'earned'].includes(row.status) ? row : null;
  };
  const [before] = await ctx.db.select().from(payments).where(eq(payments.messageId, opts.messageId));
  if (before?.status !== 'succeeded' || !(await unpaidEarning(ctx.db, false))) return 'noop';
  await ctx.payments.refund(before);

  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, before.id)).for('update');
    if (payment?.status !== 'succeeded') return 'noop' as const;
    const earning = await unpaidEarning(tx, true);
    if (!earning) return 'noop' as const;
    // The share sits in creator_held while a flag holds it; an earning booked before holds existed is in creator_payable.
    const [held] = await tx
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.paymentId, payment.id),
          eq(ledgerEntries.account, ACCOUNTS.creatorHeld(payment.recipientId)),
        ),
      );
    const from = (held?.sum ?? 0) >= payment.amountCreator ? ACCOUNTS.creatorHeld : ACCOUNTS.creatorPayable;
    await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, payment.id));
    await tx.update(earnings).set({ status: 'refunded', updatedAt: now }).where(eq(earnings.id, earning.id));
    await postLedgerTransaction(tx, {
      kind: 'refund',
      paymentId: payment.id,
      at: now,
      legs: [
        { account: from(payment.recipientId), amount: -payment.amountCreator },
        { account: ACCOUNTS.platformRevenue, amount: -payment.amountPlatformFee },
        { account: ACCOUNTS.card, amount: payment.amountTotal },
      ],
    });
    return 'refunded' as const;
  });
}
