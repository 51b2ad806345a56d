import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payouts, profiles } from '../../db/schema';
import { createTestApp, earnOnce, fanAndCreator, passFlagWindow, useTestApp } from '../../testing';
import { deliver, STRIPE_SECRET_KEY, stripeEnv } from '../../testing/stripe/kit';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe/stand-in';

// Stripe Connect Express through the real SDK against the stand-in (ARCHITECTURE §2, §8).
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY });
});
afterAll(async () => {
  await standIn?.close();
});
const t = useTestApp(() => ({ env: stripeEnv(standIn.url) }));

const status = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/stripe-connect/status', headers: { cookie } });
const onboardingLink = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/stripe-connect/onboarding-link', headers: { cookie } });
const accountOf = async (creatorId: string) => {
  const [row] = await t.database.db
    .select({ accountId: profiles.stripeAccountId, ready: profiles.stripeOnboardingCompleted })
    .from(profiles)
    .where(eq(profiles.id, creatorId));
  return row;
};

/** A creator whose Express account Stripe has approved, after the account.updated webhook. */
async function onboardedCreator() {
  const people = await fanAndCreator(t.app, t.database.db, { messagePrice: 10_000 });
  expect((await onboardingLink(people.creatorCookie)).statusCode).toBe(200);
  const { accountId } = (await accountOf(people.creator.id)) ?? {};
  expect((await deliver(t.app, standIn.finishOnboarding(accountId ?? ''))).statusCode).toBe(200);
  return { ...people, accountId: accountId ?? '' };
}

describe('Stripe Connect onboarding', () => {
  test('the first link creates one Express account, keyed by the creator, and returns to Settings → Payout', async () => {
    const { creator, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    expect((await status(creatorCookie)).json()).toEqual({
      provider: 'stripe',
      hasAccount: false,
      onboardingComplete: false,
    });

    const [first, second] = [await onboardingLink(creatorCookie), await onboardingLink(creatorCookie)];
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(new RegExp(`^${standIn.url}/setup/e/acct_`));
    expect(second.json().url).not.toBe(first.json().url);
    const creates = standIn.requests.filter(
      (r) => r.path === '/v1/accounts' && r.headers['idempotency-key'] === `fanline:connect:${creator.id}:account`,
    );
    expect(creates).toHaveLength(1);
    expect(creates[0]?.form).toMatchObject({
      type: 'express',
      capabilities: { transfers: { requested: 'true' } },
      metadata: { creator_id: creator.id },
    });
    const { accountId } = (await accountOf(creator.id)) ?? {};
    const link = standIn.connect.accountLinks.at(-1);
    expect(link).toMatchObject({
      account: accountId,
      return_url: 'http://localhost:3000/dashboard/settings?tab=payout&stripe_return=true',
      refresh_url: 'http://localhost:3000/dashboard/settings?tab=payout&reauth=true',
    });
    // Back from Stripe before finishing: the status is read from Stripe and says not yet.
    expect((await status(creatorCookie)).json()).toEqual({
      provider: 'stripe',
      hasAccount: true,
      onboardingComplete: false,
    });
  });

  test('account.updated is re-read from Stripe: a forged "ready" copy changes nothing, the real one does', async () => {
    const { creator, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    await onboardingLink(creatorCookie);
    const { accountId } = (await accountOf(creator.id)) ?? {};
    const forged = {
      id: 'evt_forged_copy',
      object: 'event',
      type: 'account.updated',
      data: { object: { id: accountId, object: 'account', details_submitted: true, payouts_enabled: true } },
    };
    expect((await deliver(t.app, forged)).statusCode).toBe(200);
    expect((await accountOf(creator.id))?.ready).toBe(false);

    expect((await deliver(t.app, standIn.finishOnboarding(accountId ?? ''))).statusCode).toBe(200);
    expect((await accountOf(creator.id))?.ready).toBe(true);
    expect((await status(creatorCookie)).json().onboardingComplete).toBe(true);
  });

  test('the simulated onboarding does not exist with Stripe', async () => {
    const { creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe-connect/simulated/complete',
      headers: { cookie: creatorCookie },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('Stripe payouts', () => {
  /** Earnings through Stripe: the webhook tests cover checkout; here the capture is booked directly. */
  async function earn(people: Awaited<ReturnType<typeof onboardedCreator>>, count: number) {
    // Payments through the Stripe checkout are covered elsewhere; the local test path books the same ledger.
    const local = await createTestApp({ database: t.database, env: { AUTH_IP_LIMIT: '1000' } });
    try {
      for (let i = 0; i < count; i++)
        await earnOnce(local.app, people.fanCookie, people.creator.id, people.creatorCookie);
    } finally {
      await local.app.close();
    }
    // Payable once the 48-hour "not an answer" window has passed (decision 0016).
    await passFlagWindow(t.app, t.clock);
  }

  test('a payout is a transfer to the connected account keyed by our payout id, then completed', async () => {
    const people = await onboardedCreator();
    await earn(people, 2);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/creator/payouts',
      headers: { cookie: people.creatorCookie },
    });
    expect(response.statusCode).toBe(201);
    const payout = response.json();
    expect(payout).toMatchObject({ amount: 15_000, status: 'completed' });
    const transfer = standIn.requests.find(
      (r) => r.path === '/v1/transfers' && r.status === 200 && r.form.destination === people.accountId,
    );
    expect(transfer?.headers['idempotency-key']).toBe(`fanline:payout:${payout.id}:transfer`);
    expect(transfer?.form).toMatchObject({ amount: '15000', currency: 'usd', metadata: { payout_id: payout.id } });
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row?.providerTransferId).toMatch(/^tr_/);
  });

  test('Stripe refusing the transfer fails the payout and the money is available again', async () => {
    const people = await onboardedCreator();
    await earn(people, 2);
    standIn.connect.platformBalance.available = 100;
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/creator/payouts',
        headers: { cookie: people.creatorCookie },
      });
      expect(response.json()).toMatchObject({ status: 'failed' });
      expect(response.json().failureReason).toMatch(/insufficient available funds/);
      const summary = await t.app.inject({
        method: 'GET',
        url: '/api/creator/earnings',
        headers: { cookie: people.creatorCookie },
      });
      expect(summary.json().available).toBe(15_000);
    } finally {
      standIn.connect.platformBalance.available = 100_000_000;
    }
  });

  test('a Stripe outage leaves the payout pending; the retry with the same key completes it once', async () => {
    const people = await onboardedCreator();
    await earn(people, 2);
    standIn.setOutage(500);
    let payoutId: string;
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/creator/payouts',
        headers: { cookie: people.creatorCookie },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().status).toBe('pending');
      payoutId = response.json().id;
    } finally {
      standIn.setOutage(null);
    }
    const { finishPayout } = await import('../ledger/finish-payout');
    expect((await finishPayout(t.app, { payoutId })).status).toBe('completed');
    expect((await finishPayout(t.app, { payoutId })).status).toBe('completed');
    const made = standIn.requests.filter(
      (r) =>
        r.path === '/v1/transfers' &&
        r.status === 200 &&
        r.form.metadata &&
        (r.form.metadata as Record<string, string>).payout_id === payoutId,
    );
    expect(made).toHaveLength(1);
  });
});
