import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { earnings, ledgerEntries, payments, payoutAccounts, payouts, webhookEvents } from '../../db/schema';
import { expireMessages } from '../../flows';
import { ManualClock } from '../../platform/clock';
import { createTestApp, passFlagWindow, type TestApp, unbalancedTransactions } from '../../testing';
import {
  answeredStripeMessage,
  deliver,
  deliverConnect,
  MESSAGE,
  onboardedStripeCreator,
  STRIPE_SECRET_KEY,
  stripeEnv,
} from '../../testing/stripe/kit';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe/stand-in';
import { refundCapturedPayment } from './release-payment';

// Issue 37 gap 8, decision 0056: the events Stripe sends after our own calls (echoes) and the
// previous_attributes of *.updated events. Each echo delivered twice and out of order is acknowledged
// and changes nothing we booked; a handler reads Stripe's object back and never believes
// previous_attributes (nor the event's copy of the object).
const clock = new ManualClock();
let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY, now: () => clock.now().getTime() });
  standIn.setFundsDelay(0);
  t = await createTestApp({ env: stripeEnv(standIn.url, { AUTH_IP_LIMIT: '10000' }), clock });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const db = () => t.database.db;
/** Delivered to the endpoint Stripe uses for it (a connected account's event names the account); 200 expected. */
async function deliverEvent(event: Stripe.Event) {
  const response = event.account ? await deliverConnect(t.app, event) : await deliver(t.app, event);
  expect(response.statusCode, `${event.type}: ${response.body}`).toBe(200);
  expect(await unbalancedTransactions(db())).toBe(0);
}
/** What we booked and decided: every ledger leg, payment, earning and payout, and the creators' account states. */
async function books() {
  const legs = await db()
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      sum: sql<number>`coalesce(sum(abs(amount)), 0)`.mapWith(Number),
    })
    .from(ledgerEntries);
  return {
    legs,
    payments: (await db().select({ id: payments.id, status: payments.status }).from(payments)).sort(byId),
    earnings: (await db().select({ id: earnings.id, status: earnings.status }).from(earnings)).sort(byId),
    payouts: (await db().select({ id: payouts.id, status: payouts.status }).from(payouts)).sort(byId),
    accounts: (
      await db().select({ id: payoutAccounts.creatorId, state: payoutAccounts.state }).from(payoutAccounts)
    ).sort(byId),
  };
}
const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

describe('echoes of our own calls', () => {
  test('capture, release, transfers, payout, reversal and refund: each echo twice, in reverse order, changes nothing', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    standIn.takeEchoes();
    // Two $100 messages answered (captured), a payout of their $150, then one refunded after the payout.
    const first = await answeredStripeMessage(t.app, db(), standIn, people);
    await answeredStripeMessage(t.app, db(), standIn, people);
    await passFlagWindow(t.app, clock);
    const payout = await t.app.inject({
      method: 'POST',
      url: '/api/creator/payouts',
      headers: { cookie: people.creatorCookie },
    });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(await refundCapturedPayment(t.app, { messageId: first.messageId })).toBe('refunded');
    // A third message, left unanswered: its hold is released when the window ends.
    const unanswered = await stripeMessageLeftUnanswered(people);
    clock.advance(25 * 3_600_000);
    await expireMessages(t.app);
    expect((await db().select().from(payments).where(eq(payments.id, unanswered)))[0]?.status).toBe('canceled');

    const echoes = standIn.takeEchoes();
    expect(new Set(echoes.map((e) => e.type))).toEqual(
      new Set([
        'payment_intent.succeeded',
        'charge.captured',
        'transfer.created',
        'payout.created',
        'transfer.reversed',
        'refund.created',
        'charge.refunded',
        'payment_intent.canceled',
      ]),
    );
    // Each names the call that caused it, with our idempotency key.
    for (const echo of echoes) {
      expect(echo.request).toMatchObject({
        id: expect.stringMatching(/^req_/),
        idempotency_key: expect.stringMatching(/^fanline:/),
      });
    }
    expect(echoes.find((e) => e.type === 'payout.created')?.account).toBe(people.accountId);

    const before = await books();
    for (const echo of [...echoes].reverse()) await deliverEvent(echo);
    for (const echo of echoes) await deliverEvent(echo);
    expect(await books()).toEqual(before);
    // The handled ones were acted on (read back, found done) once each; the rest acknowledged only.
    const handled = await db().select().from(webhookEvents);
    const handledIds = new Set(handled.map((row) => row.id));
    expect(
      echoes
        .filter((e) => ['transfer.reversed', 'payment_intent.canceled'].includes(e.type))
        .every((e) => handledIds.has(e.id)),
    ).toBe(true);
  });

  test('our switch of an old account to manual payouts is echoed as account.updated with what it changed', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const account = standIn.connect.accounts.get(people.accountId) ?? {};
    // An account made before decision 0029: Stripe's daily schedule; its next account.updated switches it.
    account.settings = { payouts: { schedule: { interval: 'daily' } } };
    standIn.takeEchoes();
    await deliverEvent(standIn.restrictAccount(people.accountId));
    const [echo] = standIn.takeEchoes();
    expect(echo).toMatchObject({
      type: 'account.updated',
      account: people.accountId,
      data: { previous_attributes: { settings: { payouts: { schedule: { interval: 'daily' } } } } },
      request: { idempotency_key: `fanline:connect:${people.accountId}:manual-payouts` },
    });
    const before = await books();
    await deliverEvent(echo as Stripe.Event);
    await deliverEvent(echo as Stripe.Event);
    expect(await books()).toEqual(before);
  });
});

describe('an echo that overtakes our own commit', () => {
  test('transfer.reversed delivered before our refund has committed: the reversal is booked once', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const first = await answeredStripeMessage(t.app, db(), standIn, people);
    await answeredStripeMessage(t.app, db(), standIn, people);
    await passFlagWindow(t.app, clock);
    const payout = await t.app.inject({
      method: 'POST',
      url: '/api/creator/payouts',
      headers: { cookie: people.creatorCookie },
    });
    expect(payout.statusCode, payout.body).toBe(201);
    standIn.takeEchoes();
    // Stripe's echo of our reversal reaches us between the reversal and the refund, before our booking.
    const provider = t.app.payments;
    const refund = provider.refund;
    const overtaken: Stripe.Event[] = [];
    provider.refund = async (payment) => {
      for (const echo of standIn.takeEchoes()) {
        overtaken.push(echo);
        await deliverEvent(echo);
      }
      return refund.call(provider, payment);
    };
    try {
      expect(await refundCapturedPayment(t.app, { messageId: first.messageId })).toBe('refunded');
    } finally {
      provider.refund = refund;
    }
    expect(overtaken.map((e) => e.type)).toEqual(['transfer.reversed']);
    const [payment] = await db().select().from(payments).where(eq(payments.messageId, first.messageId));
    expect(payment?.status).toBe('refunded');
    const reversal = await db()
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.paymentId} = ${payment?.id} and ${ledgerEntries.kind} = 'transfer_reversal' and ${ledgerEntries.account} = 'transfer_reversals'`,
      );
    expect(reversal).toEqual([{ amount: 7_500 }]);
    expect(await unbalancedTransactions(db())).toBe(0);
    // The rest of the echoes (the refund's), and the reversal again: nothing more.
    const before = await books();
    for (const echo of [...standIn.takeEchoes(), ...overtaken].reverse()) {
      await deliverEvent(echo);
      await deliverEvent(echo);
    }
    expect(await books()).toEqual(before);
  });
});

describe('previous_attributes', () => {
  test('onboarding and a restriction carry what changed', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const restricted = standIn.restrictAccount(people.accountId);
    expect(restricted.data.previous_attributes).toEqual({
      payouts_enabled: true,
      requirements: { currently_due: [], disabled_reason: null },
    });
  });

  test('are never believed: the account and the payout are read back from Stripe', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    const [creator] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, people.creator.id));
    expect(creator?.state).toBe('enabled');
    // Stripe restricts the account; an event then claims the opposite, with previous_attributes to match.
    const restricted = standIn.restrictAccount(people.accountId);
    const forged = {
      ...restricted,
      id: `${restricted.id}_forged`,
      data: {
        object: { ...restricted.data.object, payouts_enabled: true },
        previous_attributes: { payouts_enabled: false },
      },
    } as Stripe.Event;
    await deliverEvent(forged);
    const [after] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, people.creator.id));
    expect(after?.state).toBe('restricted');
  });

  test('a payout.updated claiming paid leaves a payout Stripe has in transit in transit', async () => {
    const people = await onboardedStripeCreator(t.app, db(), standIn);
    for (let i = 0; i < 2; i++) await answeredStripeMessage(t.app, db(), standIn, people);
    await passFlagWindow(t.app, clock);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/creator/payouts',
      headers: { cookie: people.creatorCookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    const payoutId = response.json().id as string;
    const stripePayout = [...standIn.connect.payouts.values()].find(
      (p) => (p.metadata as Record<string, string>).payout_id === payoutId,
    );
    const inTransit = standIn.payoutInTransit(String(stripePayout?.id));
    const forged = {
      ...inTransit,
      id: `${inTransit.id}_forged`,
      type: 'payout.updated',
      data: { object: { ...inTransit.data.object, status: 'paid' }, previous_attributes: { status: 'in_transit' } },
    } as Stripe.Event;
    const before = await books();
    await deliverEvent(forged);
    await deliverEvent(forged);
    expect((await db().select().from(payouts).where(eq(payouts.id, payoutId)))[0]?.status).toBe('in_transit');
    expect(await books()).toEqual(before);
  });
});

/** A $100 message the fan pays (held) through Stripe Checkout and the creator never answers; its payment's id. */
async function stripeMessageLeftUnanswered(people: { fanCookie: string; creator: { id: string } }) {
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie: people.fanCookie },
    payload: { recipientId: people.creator.id, messageContent: MESSAGE },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const sessionId = String(checkout.json().url).split('/').pop() ?? '';
  await deliverEvent(standIn.completeCheckout(sessionId));
  const [payment] = await db().select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
  return payment?.id ?? '';
}
