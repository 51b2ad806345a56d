import { eq, type SQL, sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { Db } from '../../platform/db';
import { placeholders } from '../../platform/prepared';

// The payment row of a paid message, written for the pay-a-message flow (src/flows/pay-a-message,
// decision 0070): payments owns the table, the flow decides when each write happens.

/** A pending payment for a pending message, at the amount and split the flow read and computed. */
export async function insertPendingPayment(
  tx: Db,
  values: Pick<
    typeof payments.$inferInsert,
    | 'provider'
    | 'amountTotal'
    | 'amountCreator'
    | 'amountPlatformFee'
    | 'commissionPercent'
    | 'senderId'
    | 'recipientId'
    | 'messageId'
  > & { now: Date },
) {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(payments)
    .values({ ...rest, status: 'pending', createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/** The provider's checkout session, recorded on the payment it was made for. */
export async function recordCheckoutSession(db: Db, opts: { paymentId: string; checkoutSessionId: string }) {
  await db.update(payments).set({ checkoutSessionId: opts.checkoutSessionId }).where(eq(payments.id, opts.paymentId));
}

/**
 * A pending payment given up (failed or canceled), locked first; returns its message to cancel, or null
 * when the payment is not pending (any more): only a pending payment changes.
 */
export async function endPendingPayment(
  tx: Db,
  opts: { paymentId: string; reason: 'failed' | 'canceled'; now: Date },
): Promise<{ messageId: string | null } | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, opts.paymentId)).for('update');
  if (payment?.status !== 'pending') return null;
  await tx.update(payments).set({ status: opts.reason, updatedAt: opts.now }).where(eq(payments.id, payment.id));
  return { messageId: payment.messageId };
}

/** A payment the caller has locked and refuses at payment time (the checkout went stale): canceled. */
export async function cancelLockedPayment(tx: Db, opts: { paymentId: string; now: Date }): Promise<void> {
  await tx.update(payments).set({ status: 'canceled', updatedAt: opts.now }).where(eq(payments.id, opts.paymentId));
}

/** How the payment goes live: held (authorized) or, for long windows, charged at once. */
export interface GoLive {
  status: 'authorized' | 'succeeded';
  paymentIntentId: string | null;
  captureBefore: Date | null;
}

/**
 * The payment's write that makes it authorized (or succeeded), made only `when` the caller's condition
 * holds (the flow's block check rides on it: a statement that starts after the creator's row lock sees a
 * block committed while the lock was awaited). It is the first part of the paid message's statement
 * (flows/pay-a-message/confirm-statements.ts), rendered once with placeholders under `prefix`; every
 * other part waits on the row it returns.
 */
export function paymentGoesLive(prefix: string, when: SQL = sql`true`) {
  const { p, fill } = placeholders(prefix);
  return {
    sql: sql`update ${payments}
      set ${sql.identifier(payments.status.name)} = ${p('status')},
        ${sql.identifier(payments.paymentIntentId.name)} = ${p('paymentIntentId')},
        ${sql.identifier(payments.captureBefore.name)} = ${p('captureBefore')},
        ${sql.identifier(payments.updatedAt.name)} = ${p('now')}
      where ${payments.id} = ${p('paymentId')}
        and ${when}
      returning ${payments.id}`,
    fill: (values: GoLive & { paymentId: string; now: Date }) =>
      fill({
        ...values,
        captureBefore: values.captureBefore?.toISOString() ?? null,
        now: values.now.toISOString(),
      }),
  };
}
