import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ledgerEntries, payments } from '../../db/schema';
import { expireMessages } from '../../flows';
import { ManualClock } from '../../platform/clock';
import {
  createAdmin,
  createTestApp,
  earnOnce,
  fanAndCreator,
  signIn,
  type TestApp,
  unbalancedTransactions,
} from '../../testing';
import {
  answeredStripeMessage,
  deliver,
  STRIPE_SECRET_KEY,
  startStripeCheckout,
  stripeEnv,
} from '../../testing/stripe/kit';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe/stand-in';
import { recordProcessingFee } from './record-processing-fee';
import { refundCapturedPayment } from './release-payment';

// Issue 37 Deliver 4, decision 0056: Stripe's processing fee, read from the charge's balance transaction
// through the real SDK, booked once out of platform_revenue; a full refund does not give it back. The
// stand-in charges Stripe's US card price (2.9 % + 30¢): $100 → $3.20, $25 → $1.03.
const clock = new ManualClock();
let standIn: StripeStandIn;
let hold: TestApp; // holds, captured on the creator's reply
let long: TestApp; // a 1-hour hold limit: the 24 h window charges at send, so expiry refunds
let local: TestApp; // the built-in test provider: no fee
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY, now: () => clock.now().getTime() });
  hold = await createTestApp({ env: stripeEnv(standIn.url, { AUTH_IP_LIMIT: '10000' }), clock });
  long = await createTestApp({ env: stripeEnv(standIn.url, { PAYMENT_HOLD_HOURS: '1' }), clock });
  local = await createTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
  const url = new URL(standIn.url);
  stripe = new Stripe(STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await hold?.close();
  await long?.close();
  await local?.close();
  await standIn?.close();
});

const balanced = async (t: TestApp) => expect(await unbalancedTransactions(t.database.db)).toBe(0);
/** A payment's legs of one kind, as [account, amount], sorted. */
async function legs(t: TestApp, paymentId: string, kind: string) {
  const rows = await t.database.db
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, kind)));
  return rows.map((r) => [r.account, r.amount]).sort();
}
/** What one account holds of a payment (or of everything). */
async function held(t: TestApp, account: string, paymentId?: string) {
  const [row] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, account), paymentId ? eq(ledgerEntries.paymentId, paymentId) : undefined));
  return row?.sum ?? 0;
}
/** The balance transaction of the payment's charge, read back through the SDK as Fanline reads it. */
async function chargeTransaction(intentId: string) {
  const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge.balance_transaction'] });
  const charge = intent.latest_charge as Stripe.Charge;
  return charge.balance_transaction as Stripe.BalanceTransaction;
}
/** The admin's figures: the dashboard's Platform Revenue and the Transactions page's cards. */
async function figures(t: TestApp, cookie: string) {
  const stats = await t.app.inject({ url: '/api/admin/stats', headers: { cookie } });
  const transactions = await t.app.inject({ url: '/api/admin/transactions', headers: { cookie } });
  expect(stats.statusCode, stats.body).toBe(200);
  expect(transactions.statusCode, transactions.body).toBe(200);
  return { revenue: stats.json().revenueCents as number, ...transactions.json().stats };
}

describe('a hold captured on the reply', () => {
  test('books the fee from the balance transaction once; the admin figures net it; a full refund keeps it', async () => {
    const admin = await createAdmin(hold.database.db);
    const cookie = await signIn(hold.app, admin.email ?? '');
    const before = await figures(hold, cookie);
    const people = await fanAndCreator(hold.app, hold.database.db, { messagePrice: 10_000 });
    const { messageId, intentId } = await answeredStripeMessage(hold.app, hold.database.db, standIn, people);
    const [payment] = await hold.database.db.select().from(payments).where(eq(payments.messageId, messageId));
    const paymentId = payment?.id ?? '';

    const txn = await chargeTransaction(intentId);
    expect(txn).toMatchObject({
      object: 'balance_transaction',
      type: 'charge',
      amount: 10_000,
      fee: 320,
      net: 9_680,
      currency: 'usd',
      status: 'pending',
      fee_details: [{ type: 'stripe_fee', amount: 320, currency: 'usd' }],
    });
    expect(txn.available_on).toBe(txn.created + 2 * 86_400);
    expect(await legs(hold, paymentId, 'processing_fee')).toEqual([
      ['platform_revenue', -320],
      ['processing_fees', 320],
    ]);
    // The commission ($25) less what Stripe kept.
    expect(await held(hold, 'platform_revenue', paymentId)).toBe(2_180);
    await balanced(hold);
    // Again, as a retried effect would: booked once.
    expect(await recordProcessingFee(hold.app, { paymentId })).toBe('noop');
    expect(await legs(hold, paymentId, 'processing_fee')).toHaveLength(2);

    const after = await figures(hold, cookie);
    expect(after.revenue - before.revenue).toBe(2_180);
    expect(after.revenue).toBe(await held(hold, 'platform_revenue'));
    expect(after.platformFeesCents - before.platformFeesCents).toBe(2_180);
    expect(after.processingFeesCents - before.processingFeesCents).toBe(320);
    expect(after.creatorEarningsCents - before.creatorEarningsCents).toBe(7_500);

    // An upheld report: the fan gets all $100 back; Stripe keeps its $3.20, and so does the ledger.
    expect(await refundCapturedPayment(hold.app, { messageId })).toBe('refunded');
    const refund = [...standIn.refunds.values()].find((r) => r.payment_intent === intentId);
    const refundTxn = await stripe.balanceTransactions.retrieve(String(refund?.balance_transaction));
    expect(refundTxn).toMatchObject({ type: 'refund', amount: -10_000, fee: 0, net: -10_000, fee_details: [] });
    expect((await chargeTransaction(intentId)).fee).toBe(320);
    expect(await held(hold, 'external:card', paymentId)).toBe(0);
    expect(await held(hold, 'platform_revenue', paymentId)).toBe(-320);
    expect(await held(hold, 'processing_fees', paymentId)).toBe(320);
    await balanced(hold);
    const refunded = await figures(hold, cookie);
    expect(refunded.revenue - before.revenue).toBe(-320);
    expect(refunded.processingFeesCents - before.processingFeesCents).toBe(320);
  });
});

describe('a payment charged at send', () => {
  test('books the fee at confirmation, once for two deliveries; the expiry refund does not give it back', async () => {
    const started = await startStripeCheckout(long.app, long.database.db);
    const completed = standIn.completeCheckout(started.sessionId);
    for (const _ of [1, 2]) {
      expect((await deliver(long.app, completed)).statusCode).toBe(200);
      await balanced(long);
    }
    // $25: 2.9 % is 72.5¢, rounded to 73¢, plus 30¢.
    expect(await legs(long, started.paymentId, 'processing_fee')).toEqual([
      ['platform_revenue', -103],
      ['processing_fees', 103],
    ]);

    clock.advance(25 * 3_600_000);
    await expireMessages(long.app);
    const [payment] = await long.database.db.select().from(payments).where(eq(payments.id, started.paymentId));
    expect(payment?.status).toBe('refunded');
    expect(await held(long, 'external:card', started.paymentId)).toBe(0);
    expect(await held(long, 'platform_revenue', started.paymentId)).toBe(-103);
    expect(await legs(long, started.paymentId, 'processing_fee')).toHaveLength(2);
    await balanced(long);
  });
});

describe('the built-in test provider', () => {
  test('takes no fee, so none is booked', async () => {
    const people = await fanAndCreator(local.app, local.database.db);
    const sent = await earnOnce(local.app, people.fanCookie, people.creator.id, people.creatorCookie);
    expect(local.app.payments.processingFee).toBeUndefined();
    expect(await recordProcessingFee(local.app, { paymentId: sent.paymentId })).toBe('noop');
    expect(await legs(local, sent.paymentId, 'processing_fee')).toEqual([]);
    await balanced(local);
  });
});
