import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, test } from 'vitest';
import { earnings, ledgerEntries, notifications, outbox, payments, systemAlertsSent } from '../../db/schema';
import { createAdmin, signIn, unbalancedTransactions } from '../../testing';
import { answeredStripeMessage, deliver, onboardedStripeCreator } from '../../testing/stripe/kit';
import { useStripeTestApp } from '../../testing/stripe/use-stripe-test-app';

// Issue 37, decision 0068: what the platform owes a fan after a refund failed or was refused, when the
// fan's bank also charged the payment back. Through HTTP and the real SDK against the stand-in; each
// event delivered twice and out of order; the ledger balanced after every delivery.

const { t, standIn, db } = useStripeTestApp();
let adminCookie: string;
beforeAll(async () => {
  const admin = await createAdmin(db());
  adminCookie = await signIn(t.app, admin.email ?? '');
});

const refundAnswered = (messageId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/messages/${messageId}/refund-answered`,
    headers: { cookie: adminCookie },
    payload: { reason: 'The reply did not answer the question at all.' },
  });

async function twice(...events: Stripe.Event[]) {
  for (const event of events) {
    for (let i = 0; i < 2; i++) {
      const response = await deliver(t.app, event);
      expect(response.statusCode, response.body).toBe(200);
      expect(await unbalancedTransactions(db())).toBe(0);
    }
  }
}
/** What the ledger says the platform owes the fan of this payment, and what it has lost to chargebacks. */
async function owedAndDisputes(paymentId: string) {
  const [row] = await db()
    .select({
      owed: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'refunds_owed'), 0)::bigint`.mapWith(
        Number,
      ),
      disputes:
        sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'disputes'), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId));
  return { owed: row?.owed ?? 0, disputes: row?.disputes ?? 0 };
}
const paymentOf = async (messageId: string) =>
  (await db().select().from(payments).where(eq(payments.messageId, messageId)))[0];
const chargeOf = (intentId: string) => String(standIn.intents.get(intentId)?.latest_charge);
const refundFailedAlerts = async (paymentId: string) =>
  db()
    .select()
    .from(systemAlertsSent)
    .where(and(eq(systemAlertsSent.kind, 'refund_failed'), eq(systemAlertsSent.targetId, paymentId)));

describe('a chargeback after a failed refund', () => {
  test('settles what the platform owed the fan, so nobody pays them twice; won makes it owed again', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const { messageId, intentId } = await answeredStripeMessage(t.app, db(), standIn, people);
    const refunded = await refundAnswered(messageId);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const payment = await paymentOf(messageId);
    if (!payment?.refundId) throw new Error('no refund recorded');
    await twice(...standIn.failRefund(payment.refundId, 'expired_or_canceled_card'));
    expect(await owedAndDisputes(payment.id)).toEqual({ owed: 10_000, disputes: 0 });

    // The fan's bank charges the payment back: the bank pays the fan what the platform owed them.
    const [created, withdrawn] = standIn.disputeCharge(chargeOf(intentId));
    await twice(withdrawn as Stripe.Event, created);
    expect(await owedAndDisputes(payment.id)).toEqual({ owed: 0, disputes: 0 });

    // The bank rules for the platform and gives the money back: the fan is owed it again.
    const dispute = created.data.object as Stripe.Dispute;
    const [closed, reinstated] = standIn.closeDispute(dispute.id, 'won');
    await twice(reinstated as Stripe.Event, closed as Stripe.Event);
    expect(await owedAndDisputes(payment.id)).toEqual({ owed: 10_000, disputes: 0 });
  });
});

describe('a refund after a won chargeback', () => {
  test('Stripe refuses it (charge_disputed): the fan is owed the money, told, and admins alerted; nothing is stuck', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const { messageId, intentId } = await answeredStripeMessage(t.app, db(), standIn, people);
    const [created, withdrawn] = standIn.disputeCharge(chargeOf(intentId));
    await twice(created, withdrawn as Stripe.Event);
    const dispute = created.data.object as Stripe.Dispute;
    const [closed, reinstated] = standIn.closeDispute(dispute.id, 'won');
    await twice(closed as Stripe.Event, reinstated as Stripe.Event);

    const refunded = await refundAnswered(messageId);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ outcome: 'owed', paymentStatus: 'refunded' });
    const payment = await paymentOf(messageId);
    expect(payment).toMatchObject({ refundId: null, refundStatus: 'failed', refundFailureReason: 'charge_disputed' });
    // Stripe made no refund, so the money is on the platform, owed to the fan; the ruling took the earning.
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(0);
    expect(await owedAndDisputes(payment?.id ?? '')).toEqual({ owed: 10_000, disputes: 0 });
    expect((await db().select().from(earnings).where(eq(earnings.messageId, messageId)))[0]?.status).toBe('refunded');
    expect(await unbalancedTransactions(db())).toBe(0);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.fan.id), eq(notifications.title, 'Your refund did not go through')));
    expect(told).toHaveLength(1);
    expect(await refundFailedAlerts(payment?.id ?? '')).toHaveLength(1);
    // Final, not retried: no effect left to fail into Stuck jobs.
    const stuck = await db()
      .select()
      .from(outbox)
      .where(and(sql`${outbox.key} like ${`%${messageId}%`}`, sql`${outbox.status} <> 'done'`));
    expect(stuck).toEqual([]);
  });
});
