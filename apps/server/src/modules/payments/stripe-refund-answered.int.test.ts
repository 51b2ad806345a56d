import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminAuditLog, earnings, ledgerEntries, notifications, payments } from '../../db/schema';
import { createAdmin, passFlagWindow, signIn, unbalancedTransactions } from '../../testing';
import { answeredStripeMessage, deliverConnect, onboardedStripeCreator } from '../../testing/stripe/kit';
import { useStripeTestApp } from '../../testing/stripe/use-stripe-test-app';

// Issue 37 point 3, decision 0055: an admin rules for the fan on an answered message, through HTTP and the
// real SDK against the stand-in: before the payout the earning is cancelled in the ledger; after it the
// transfer is reversed; when Stripe refuses the reversal (its payout already at the bank, nothing on the
// account to cover it) the share becomes a debt the next payout nets. A double click is 'already'; the
// ledger balances after every step.

const { t, standIn, db } = useStripeTestApp();
let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  const admin = await createAdmin(db());
  adminId = admin.id;
  adminCookie = await signIn(t.app, admin.email ?? '');
});

const REASON = 'The reply only advertised a paid course; it did not answer the question.';
const api = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const refundAnswered = (messageId: string, reason = REASON) =>
  api('POST', `/api/admin/messages/${messageId}/refund-answered`, adminCookie, { reason });
const balanced = async () => expect(await unbalancedTransactions(db())).toBe(0);

async function balance(account: string) {
  const [row] = await db()
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return row?.sum ?? 0;
}
const earningOf = async (messageId: string) =>
  (await db().select().from(earnings).where(eq(earnings.messageId, messageId)))[0];
const paymentOf = async (messageId: string) =>
  (await db().select().from(payments).where(eq(payments.messageId, messageId)))[0];
const refundsAtStripe = (intentId: string) =>
  standIn.requests.filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === intentId && r.status === 200);
const adminRow = async (messageId: string) =>
  (await api('GET', '/api/admin/messages?filter=responded&limit=50', adminCookie))
    .json()
    .messages.find((m: { id: string }) => m.id === messageId);

/** An onboarded creator with `count` $100 messages answered through Stripe (each earns $75). */
async function answered(count: number) {
  const people = await onboardedStripeCreator(t.app, db(), standIn);
  const messages = [];
  for (let i = 0; i < count; i++) messages.push(await answeredStripeMessage(t.app, db(), standIn, people));
  return { ...people, messages };
}

/** Two answered messages, past their flag window, paid out through Stripe; the bank has the payout. */
async function paidOut(opts: { bankPays: boolean }) {
  const people = await answered(2);
  await passFlagWindow(t.app, t.clock);
  const response = await api('POST', '/api/creator/payouts', people.creatorCookie);
  expect(response.statusCode, response.body).toBe(201);
  const payout = response.json() as { id: string };
  const made = [...standIn.connect.payouts.values()].find(
    (p) => (p.metadata as Record<string, string>).payout_id === payout.id,
  );
  const news = opts.bankPays ? standIn.payPayout(String(made?.id)) : standIn.failPayout(String(made?.id));
  expect((await deliverConnect(t.app, news)).statusCode).toBe(200);
  await balanced();
  return { ...people, payout };
}

describe('an admin refunds an answered message', () => {
  test('not yet paid out: the fan is refunded at Stripe, the earning cancelled; told, audited, a double click is already', async () => {
    const { messages, fan, creator, fanCookie } = await answered(1);
    const [{ messageId, intentId }] = messages as [{ messageId: string; intentId: string }];
    expect(await adminRow(messageId)).toMatchObject({ outcome: 'answered', refundableAfterAnswer: true });
    // The reason is required.
    expect((await refundAnswered(messageId, ' ')).statusCode).toBe(400);
    expect((await api('POST', `/api/admin/messages/${messageId}/refund-answered`, adminCookie, {})).statusCode).toBe(
      400,
    );

    const first = await refundAnswered(messageId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      outcome: 'refunded',
      takeBack: 'cancelled',
      amountCents: 10_000,
      paymentStatus: 'refunded',
    });
    await balanced();
    // A double click, and two at once: nothing more moves, nobody is told twice.
    const again = await Promise.all([refundAnswered(messageId), refundAnswered(messageId)]);
    for (const response of [await refundAnswered(messageId), ...again]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ outcome: 'already', takeBack: 'cancelled' });
    }
    await balanced();
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(await paymentOf(messageId)).toMatchObject({ status: 'refunded', refundStatus: 'succeeded' });
    expect((await earningOf(messageId))?.status).toBe('refunded');
    expect(await balance(`creator_held:${creator.id}`)).toBe(0);
    expect(await balance(`creator_payable:${creator.id}`)).toBe(0);

    // Honest afterwards: Refunded for the admin and in the fan's billing; nothing left to refund.
    expect(await adminRow(messageId)).toMatchObject({ outcome: 'refunded', refundableAfterAnswer: false });
    const billing = (await api('GET', '/api/billing/transactions', fanCookie)).json().transactions;
    expect(billing.find((b: { messageId: string }) => b.messageId === messageId)).toMatchObject({
      status: 'refunded',
      outcome: 'refunded',
    });
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, messageId));
    expect(audit).toMatchObject([
      {
        adminId,
        action: 'message.refund_answered',
        before: { status: 'responded', paymentStatus: 'succeeded', earning: 'unpaid' },
        after: { paymentStatus: 'refunded', earning: 'refunded', amountCents: 10_000, reason: REASON },
      },
    ]);
    const told = await db()
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.relatedEntityId, messageId), eq(notifications.type, 'message_refunded')));
    expect(told).toHaveLength(2);
    expect(told.map((n) => n.userId).sort()).toEqual([fan.id, creator.id].sort());
    const mails = t.app.mailer.outbox();
    expect(mails.filter((m) => m.to === fan.email && m.subject === 'Your $100 payment was refunded')).toHaveLength(1);
    const creatorMail = mails.filter((m) => m.to === creator.email && m.subject.includes('was refunded to the fan'));
    expect(creatorMail).toHaveLength(1);
    expect(creatorMail[0]?.text).toContain('no longer counts towards your available balance');
  });

  test('paid out, the money still on the Stripe account: the transfer is reversed', async () => {
    standIn.connect.reversalsNeedBalance = true;
    try {
      // The bank returned the payout: its money waits on the connected account, which covers a reversal.
      const { messages, creator } = await paidOut({ bankPays: false });
      const [{ messageId, intentId }] = messages as [{ messageId: string; intentId: string }];
      const response = await refundAnswered(messageId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ outcome: 'refunded', takeBack: 'reversed' });
      await balanced();
      expect((await refundAnswered(messageId)).json()).toMatchObject({ outcome: 'already', takeBack: 'reversed' });
      const earning = await earningOf(messageId);
      expect(earning?.status).toBe('reversed');
      expect(standIn.connect.transfers.get(earning?.providerTransferId ?? '')).toMatchObject({ reversed: true });
      expect(refundsAtStripe(intentId)).toHaveLength(1);
      // One share left on the account; the reversed one went back to the fan with the fee.
      expect(await balance(`creator_connected:${creator.id}`)).toBe(7_500);
      expect(await balance('transfer_reversals')).toBe(0);
      expect(await balance(`creator_payable:${creator.id}`)).toBe(0);
      expect(await adminRow(messageId)).toMatchObject({ outcome: 'refunded', refundableAfterAnswer: false });
      await balanced();
    } finally {
      standIn.connect.reversalsNeedBalance = false;
    }
  });

  test('paid out to the bank, the reversal refused: the fan is refunded, the share netted on the next payout', async () => {
    standIn.connect.reversalsNeedBalance = true;
    try {
      const people = await paidOut({ bankPays: true });
      const { creator, creatorCookie } = people;
      const [{ messageId, intentId }] = people.messages as [{ messageId: string; intentId: string }];
      const response = await refundAnswered(messageId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ outcome: 'refunded', takeBack: 'netted', paymentStatus: 'refunded' });
      await balanced();
      expect((await refundAnswered(messageId)).json()).toMatchObject({ outcome: 'already', takeBack: 'netted' });
      const earning = await earningOf(messageId);
      expect(earning?.status).toBe('reversed');
      // Stripe refused it (and keeps the refusal under its key); nothing was reversed there.
      const reversals = standIn.requests.filter(
        (r) => r.path === `/v1/transfers/${earning?.providerTransferId}/reversals`,
      );
      expect(reversals.map((r) => r.status)).toEqual([400]);
      expect(standIn.connect.transfers.get(earning?.providerTransferId ?? '')).toMatchObject({ amount_reversed: 0 });
      expect(refundsAtStripe(intentId)).toHaveLength(1);
      // The creator owes the share: a negative payable balance, shown as such.
      expect(await balance(`creator_payable:${creator.id}`)).toBe(-7_500);
      expect((await api('GET', '/api/creator/earnings', creatorCookie)).json().available).toBe(-7_500);
      const mail = t.app.mailer
        .outbox()
        .filter((m) => m.to === creator.email && m.subject.includes('was refunded to the fan'));
      expect(mail[0]?.text).toContain('deducted from your next payout');

      // Two more answers ($150) cover the debt but leave $75, under the $100 minimum.
      const later = [];
      for (let i = 0; i < 2; i++) later.push(await answeredStripeMessage(t.app, db(), standIn, people));
      await passFlagWindow(t.app, t.clock);
      const short = await api('POST', '/api/creator/payouts', creatorCookie);
      expect(short.statusCode).toBe(409);
      expect(short.json().error.message).toContain('you have $75');
      await balanced();
      // A third: $225 earned, $75 owed, $150 paid out; the first earning's share stays with the platform.
      await answeredStripeMessage(t.app, db(), standIn, people);
      await passFlagWindow(t.app, t.clock);
      const next = await api('POST', '/api/creator/payouts', creatorCookie);
      expect(next.statusCode, next.body).toBe(201);
      const payout = next.json() as { id: string; amount: number };
      expect(payout.amount).toBe(15_000);
      const transfers = [...standIn.connect.transfers.values()].filter(
        (tr) => tr.transfer_group === `payout_${payout.id}`,
      );
      expect(transfers.map((tr) => tr.amount)).toEqual([7_500, 7_500]);
      const made = [...standIn.connect.payouts.values()].find(
        (p) => (p.metadata as Record<string, string>).payout_id === payout.id,
      );
      expect(made?.amount).toBe(15_000);
      expect(await balance(`creator_payable:${creator.id}`)).toBe(0);
      await balanced();

      // The earning kept back whole (it settled the debt, no transfer of its own) is refunded in turn:
      // nothing to reverse at Stripe, so the debt it paid is owed again.
      // Which one is the payout's first (by time, then id) is for finishPayout to say: one, and one only.
      const inPayout = await db().select().from(earnings).where(eq(earnings.payoutId, payout.id));
      const keptWhole = inPayout.filter((e) => e.providerTransferId === null);
      expect(keptWhole).toHaveLength(1);
      expect(later.map((m) => m.messageId)).toContain(keptWhole[0]?.messageId);
      const kept = keptWhole[0]?.messageId ?? '';
      const again = await refundAnswered(kept);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ outcome: 'refunded', takeBack: 'netted' });
      expect(await balance(`creator_payable:${creator.id}`)).toBe(-7_500);
      expect(await balance('transfer_reversals')).toBe(0);
      await balanced();
    } finally {
      standIn.connect.reversalsNeedBalance = false;
    }
  });

  test('refused for what it cannot rule on: a pending message, a free one, an unknown one', async () => {
    const people = await answered(0);
    const checkout = await api('POST', '/api/checkout', people.fanCookie, {
      recipientId: people.creator.id,
      messageContent: 'A question that has not been answered yet, about training.',
    });
    expect(checkout.statusCode).toBe(200);
    const [pending] = await db()
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, String(checkout.json().url).split('/').pop() ?? ''));
    expect((await refundAnswered(pending?.messageId ?? '')).statusCode).toBe(409);
    expect((await refundAnswered('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    await balanced();
  });
});
