import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeEach, describe, expect, test } from 'vitest';
import { disputes, earnings, ledgerEntries, notifications, payments } from '../../db/schema';
import { createAdmin, passFlagWindow, signIn, unbalancedTransactions } from '../../testing';
import { answeredStripeMessage, deliver, onboardedStripeCreator } from '../../testing/stripe/kit';
import { useStripeTestApp } from '../../testing/stripe/use-stripe-test-app';
import { refundCapturedPayment } from './release-payment';

// Issue 37 gap 2, decision 0054: chargebacks, through the real SDK against the stand-in and through HTTP.
// Every charge.dispute.* event is delivered twice and out of order; the handler reads the dispute back
// from Stripe, so each step books and tells once, and the ledger balances after every delivery.

const { t, standIn, db } = useStripeTestApp();
let adminCookie: string;
beforeEach(async () => {
  const admin = await createAdmin(db());
  adminCookie = await signIn(t.app, admin.email ?? '');
});

/** Delivers each event twice, in the order given; 200 each time and a balanced ledger after each. */
async function twice(...events: Stripe.Event[]) {
  for (const event of events) {
    for (let i = 0; i < 2; i++) {
      const response = await deliver(t.app, event);
      expect(response.statusCode, response.body).toBe(200);
      expect(await unbalancedTransactions(db())).toBe(0);
    }
  }
}

async function balance(account: string) {
  const [row] = await db()
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return row?.sum ?? 0;
}
const earningOf = async (messageId: string) =>
  (await db().select().from(earnings).where(eq(earnings.messageId, messageId)))[0];
const disputeRow = async (providerDisputeId: string) =>
  (await db().select().from(disputes).where(eq(disputes.providerDisputeId, providerDisputeId)))[0];
const legs = async (messageId: string, kind: string) => {
  const [payment] = await db().select().from(payments).where(eq(payments.messageId, messageId));
  return db()
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, payment?.id ?? ''), eq(ledgerEntries.kind, kind)));
};
const noticesTo = async (userId: string, title: string) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.title === title);
const mailsTo = (email: string | null, subject: RegExp) =>
  t.app.mailer.outbox().filter((m) => m.to === email && subject.test(m.subject));
const chargeOf = (intentId: string) => String(standIn.intents.get(intentId)?.latest_charge);
/** The admin's figures: the dashboard's Platform Revenue and the Transactions page's card fees. */
async function figures() {
  const stats = await t.app.inject({ url: '/api/admin/stats', headers: { cookie: adminCookie } });
  const transactions = await t.app.inject({ url: '/api/admin/transactions', headers: { cookie: adminCookie } });
  expect(stats.statusCode, stats.body).toBe(200);
  expect(transactions.statusCode, transactions.body).toBe(200);
  return {
    revenue: stats.json().revenueCents as number,
    platformFees: transactions.json().stats.platformFeesCents as number,
    processingFees: transactions.json().stats.processingFeesCents as number,
  };
}
/** Stripe's dispute fee as the dispute's balance transactions say (not a literal): what the ledger must book. */
const disputeFeeOf = (dispute: Stripe.Dispute) =>
  (standIn.disputes.get(dispute.id) as unknown as Stripe.Dispute).balance_transactions.reduce(
    (sum, t) => sum + t.fee,
    0,
  );
const reversalCalls = () => standIn.requests.filter((r) => /\/reversals$/.test(r.path) && !r.replayed);

describe('a chargeback before the payout', () => {
  test('holds the earning; evidence from Admin › Disputes reaches Stripe; won gives the earning back', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const { messageId, intentId } = await answeredStripeMessage(t.app, db(), standIn, people);
    const held = `creator_held:${people.creator.id}`;
    expect(await balance(held)).toBe(7_500);
    const revenueBefore = await balance('platform_revenue');
    const figuresBefore = await figures();
    expect(figuresBefore.revenue).toBe(revenueBefore);

    const [created, withdrawn] = standIn.disputeCharge(chargeOf(intentId), { reason: 'fraudulent' });
    const dispute = created.data.object as Stripe.Dispute;
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 10_000,
      status: 'needs_response',
      is_charge_refundable: false,
      payment_intent: intentId,
      evidence_details: { has_evidence: false, past_due: false, submission_count: 0 },
    });
    expect(dispute.balance_transactions[0]).toMatchObject({ amount: -10_000, fee: 1_500, net: -11_500 });
    const fee = disputeFeeOf(dispute);
    expect(fee).toBe(1_500);
    // Out of order: the withdrawal before the dispute's creation, each twice.
    await twice(withdrawn as Stripe.Event, created);

    const row = await disputeRow(dispute.id);
    expect(row).toMatchObject({ status: 'needs_response', amount: 10_000, earningAction: 'held', earningFrom: 'held' });
    expect(row?.dueBy?.getTime()).toBe((dispute.evidence_details.due_by ?? 0) * 1000);
    expect((await earningOf(messageId))?.status).toBe('disputed');
    expect(await balance(held)).toBe(0);
    expect(await balance('disputes')).toBe(0);
    // Decision 0060: Stripe's $15 is booked once, out of the platform's revenue, as a processing fee.
    expect(await balance('platform_revenue')).toBe(revenueBefore - 2_500 - fee);
    expect(await legs(messageId, 'dispute_fee')).toEqual(
      expect.arrayContaining([
        { account: 'platform_revenue', amount: -fee },
        { account: 'processing_fees', amount: fee },
      ]),
    );
    expect(await legs(messageId, 'dispute_fee')).toHaveLength(2);
    expect(await figures()).toEqual({
      revenue: figuresBefore.revenue - 2_500 - fee,
      platformFees: figuresBefore.platformFees - 2_500 - fee,
      processingFees: figuresBefore.processingFees + fee,
    });
    expect(await legs(messageId, 'dispute_withdrawal')).toHaveLength(2);
    expect(await noticesTo(people.fan.id, 'Your bank disputed a payment')).toHaveLength(1);
    expect(await noticesTo(people.creator.id, 'A fan disputed a payment')).toHaveLength(1);
    expect(mailsTo(people.fan.email, /^Your bank disputed your \$100/)).toHaveLength(1);
    expect(mailsTo(people.creator.email, /^A fan disputed a \$100 payment/)).toHaveLength(1);

    // The hold keeps it out of payouts, and an upheld report cannot refund it a second time.
    await passFlagWindow(t.app, t.clock);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/creator/payouts', headers: { cookie: people.creatorCookie } }))
        .statusCode,
    ).toBe(409);
    expect(await refundCapturedPayment(t.app, { messageId })).toBe('noop');
    expect(standIn.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(0);

    // Admin › Disputes: the deadline, the amount, the people, the message.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/disputes', headers: { cookie: adminCookie } });
    expect(list.statusCode, list.body).toBe(200);
    const shown = list.json().disputes[0];
    expect(shown).toMatchObject({
      id: row?.id,
      status: 'needs_response',
      reason: 'fraudulent',
      amountCents: 10_000,
      earningAction: 'held',
      dueBy: row?.dueBy?.toISOString(),
      fan: { id: people.fan.id },
      creator: { id: people.creator.id },
      messageId,
    });
    expect(list.json()).toMatchObject({ page: 1, total: 1, hasMore: false });

    const text = 'The creator answered the fan’s paid question in full on Fanline; the fan read the answer.';
    const evidence = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/disputes/${row?.id}/evidence`,
        headers: { cookie: adminCookie },
        payload: { text },
      });
    const sent = await evidence();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'under_review', submissionCount: 1, evidenceText: text });
    expect(standIn.disputeSubmissions).toEqual([
      expect.objectContaining({ disputeId: dispute.id, evidence: { uncategorized_text: text }, submit: true }),
    ]);
    expect(standIn.disputeSubmissions[0]?.idempotencyKey).toMatch(/^fanline:dispute:/);
    expect(standIn.disputes.get(dispute.id)).toMatchObject({
      status: 'under_review',
      evidence_details: { has_evidence: true },
    });
    // A second submission is refused before it reaches Stripe.
    expect((await evidence()).statusCode).toBe(409);
    expect(standIn.disputeSubmissions).toHaveLength(1);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie: adminCookie } });
    expect(audit.body).toContain('dispute.submit_evidence');
    // Stripe's echo of our update: nothing more is booked or told.
    await twice(standIn.disputeUpdated(dispute.id));
    expect(await legs(messageId, 'dispute_withdrawal')).toHaveLength(2);

    const [closed, reinstated] = standIn.closeDispute(dispute.id, 'won');
    await twice(reinstated as Stripe.Event, closed as Stripe.Event);
    // A stale copy of the creation, late: the ruling stands.
    await twice({ ...created, id: `${created.id}_late` });
    expect(await disputeRow(dispute.id)).toMatchObject({ status: 'won', settledAt: expect.any(Date) });
    expect((await earningOf(messageId))?.status).toBe('pending');
    expect((await balance(held)) + (await balance(`creator_payable:${people.creator.id}`))).toBe(7_500);
    expect(await balance('disputes')).toBe(0);
    // Won: the commission comes back, Stripe's fee does not (it keeps it), and nothing books it twice.
    expect(disputeFeeOf(dispute)).toBe(fee);
    expect(await balance('platform_revenue')).toBe(revenueBefore - fee);
    expect(await legs(messageId, 'dispute_fee')).toHaveLength(2);
    expect(await legs(messageId, 'dispute_fee_return')).toHaveLength(0);
    expect((await figures()).revenue).toBe(figuresBefore.revenue - fee);
    expect(await legs(messageId, 'dispute_reinstatement')).toHaveLength(2);
    expect(await noticesTo(people.creator.id, 'A dispute was decided for you')).toHaveLength(1);
    expect(await noticesTo(people.fan.id, 'Your bank closed its dispute')).toHaveLength(1);
    expect(mailsTo(people.creator.email, /decided for you/)).toHaveLength(1);
  });
});

describe('a chargeback after the payout', () => {
  test('claws the share back by reversing the transfer; lost leaves the money with the fan', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const first = await answeredStripeMessage(t.app, db(), standIn, people);
    await answeredStripeMessage(t.app, db(), standIn, people);
    await passFlagWindow(t.app, t.clock);
    const payout = await t.app.inject({
      method: 'POST',
      url: '/api/creator/payouts',
      headers: { cookie: people.creatorCookie },
    });
    expect(payout.statusCode, payout.body).toBe(201);
    const earning = await earningOf(first.messageId);
    expect(earning).toMatchObject({ status: 'paid_out', providerTransferId: expect.stringMatching(/^tr_/) });
    const connected = `creator_connected:${people.creator.id}`;
    const connectedBefore = await balance(connected);
    const processingBefore = await balance('processing_fees');

    const reversalsBefore = reversalCalls().length;
    const [created, withdrawn] = standIn.disputeCharge(chargeOf(first.intentId), { reason: 'product_not_received' });
    const dispute = created.data.object as Stripe.Dispute;
    await twice(created, withdrawn as Stripe.Event);

    expect(reversalCalls()).toHaveLength(reversalsBefore + 1);
    const transfer = standIn.connect.transfers.get(earning?.providerTransferId ?? '');
    expect(transfer).toMatchObject({ amount_reversed: 7_500 });
    expect(await disputeRow(dispute.id)).toMatchObject({ earningAction: 'clawed_back', earningFrom: 'transfer' });
    expect((await earningOf(first.messageId))?.status).toBe('disputed');
    expect(await balance(connected)).toBe(connectedBefore - 7_500);
    expect(await balance('transfer_reversals')).toBe(0);
    expect(await balance('disputes')).toBe(0);
    expect(mailsTo(people.creator.email, /^A fan disputed a \$100 payment/)).toHaveLength(1);
    expect(mailsTo(people.creator.email, /^A fan disputed/)[0]?.text).toContain('taken back from your Stripe balance');

    // Stripe refuses to refund a charged-back charge; we no longer ask, nor reverse anything more.
    expect(await refundCapturedPayment(t.app, { messageId: first.messageId })).toBe('noop');
    expect(reversalCalls()).toHaveLength(reversalsBefore + 1);

    const [closed] = standIn.closeDispute(dispute.id, 'lost');
    await twice(closed as Stripe.Event, withdrawn as Stripe.Event);
    expect(await disputeRow(dispute.id)).toMatchObject({ status: 'lost', settledAt: expect.any(Date) });
    expect((await earningOf(first.messageId))?.status).toBe('disputed');
    expect(await legs(first.messageId, 'dispute_reinstatement')).toHaveLength(0);
    expect(await legs(first.messageId, 'dispute_release')).toHaveLength(0);
    expect(await balance('disputes')).toBe(0);
    // Lost: the fee was booked once, when Stripe withdrew it, and stays.
    expect(await legs(first.messageId, 'dispute_fee')).toHaveLength(2);
    expect(await balance('processing_fees')).toBe(processingBefore + disputeFeeOf(dispute));
    expect(await noticesTo(people.creator.id, 'A dispute was decided for the fan')).toHaveLength(1);
    expect(mailsTo(people.fan.email, /stays with you/)).toHaveLength(1);
  });

  test('won after the claw-back: the share is payable again, out of its old payout', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const first = await answeredStripeMessage(t.app, db(), standIn, people);
    await answeredStripeMessage(t.app, db(), standIn, people);
    await passFlagWindow(t.app, t.clock);
    const payout = await t.app.inject({
      method: 'POST',
      url: '/api/creator/payouts',
      headers: { cookie: people.creatorCookie },
    });
    expect(payout.statusCode, payout.body).toBe(201);
    const [created, withdrawn] = standIn.disputeCharge(chargeOf(first.intentId));
    const dispute = created.data.object as Stripe.Dispute;
    await twice(created, withdrawn as Stripe.Event);
    expect(await disputeRow(dispute.id)).toMatchObject({ earningAction: 'clawed_back' });
    const payable = `creator_payable:${people.creator.id}`;
    const payableBefore = await balance(payable);

    const [closed, reinstated] = standIn.closeDispute(dispute.id, 'won');
    await twice(closed as Stripe.Event, reinstated as Stripe.Event);
    expect(await earningOf(first.messageId)).toMatchObject({
      status: 'earned',
      payoutId: null,
      providerTransferId: null,
    });
    expect(await balance(payable)).toBe(payableBefore + 7_500);
    expect(await balance('disputes')).toBe(0);
    expect(await legs(first.messageId, 'dispute_release')).toHaveLength(3);
    expect(mailsTo(people.creator.email, /decided for you: \$75 is back/)).toHaveLength(1);
  });

  test('ruled won before any of its events arrives: nothing is taken back, nobody is alarmed', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const first = await answeredStripeMessage(t.app, db(), standIn, people);
    await answeredStripeMessage(t.app, db(), standIn, people);
    await passFlagWindow(t.app, t.clock);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/creator/payouts', headers: { cookie: people.creatorCookie } }))
        .statusCode,
    ).toBe(201);
    const reversalsBefore = reversalCalls().length;
    const [created, withdrawn] = standIn.disputeCharge(chargeOf(first.intentId));
    const dispute = created.data.object as Stripe.Dispute;
    const [closed, reinstated] = standIn.closeDispute(dispute.id, 'won');
    // Everything at once, the ruling first: the dispute is read back won, so nothing is taken.
    await twice(closed as Stripe.Event, reinstated as Stripe.Event, created, withdrawn as Stripe.Event);
    expect(await disputeRow(dispute.id)).toMatchObject({ status: 'won', earningAction: 'none' });
    expect(reversalCalls()).toHaveLength(reversalsBefore);
    expect((await earningOf(first.messageId))?.status).toBe('paid_out');
    expect(await balance('disputes')).toBe(0);
    // Stripe took its fee all the same: booked once.
    expect(await legs(first.messageId, 'dispute_fee')).toHaveLength(2);
    expect(await noticesTo(people.creator.id, 'A fan disputed a payment')).toHaveLength(0);
  });
});
