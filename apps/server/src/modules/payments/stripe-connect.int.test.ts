import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payoutAccounts } from '../../db/schema';
import { fanAndCreator, useTestApp } from '../../testing';
import { deliverConnect, STRIPE_SECRET_KEY, stripeEnv } from '../../testing/stripe/kit';
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
    .select({ accountId: payoutAccounts.stripeAccountId, ready: payoutAccounts.onboardingCompleted })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.creatorId, creatorId));
  return row;
};

describe('Stripe Connect onboarding', () => {
  test('the first link creates one Express account, keyed by the creator, and returns to Settings → Payout', async () => {
    const { creator, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    expect((await status(creatorCookie)).json()).toEqual({
      provider: 'stripe',
      hasAccount: false,
      onboardingComplete: false,
      dashboard: false,
      simulatedBank: null,
    });

    const [first, second] = [await onboardingLink(creatorCookie), await onboardingLink(creatorCookie)];
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(new RegExp(`^${standIn.url}/setup/e/acct_`));
    expect(second.json().url).not.toBe(first.json().url);
    const creates = standIn.requests.filter(
      (r) =>
        r.path === '/v1/accounts' && r.headers['idempotency-key'] === `fanline:connect:${creator.id}:account:manual`,
    );
    expect(creates).toHaveLength(1);
    expect(creates[0]?.form).toMatchObject({
      type: 'express',
      capabilities: { transfers: { requested: 'true' } },
      metadata: { creator_id: creator.id },
      settings: { payouts: { schedule: { interval: 'manual' } } },
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
      dashboard: false,
      simulatedBank: null,
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
    expect((await deliverConnect(t.app, forged)).statusCode).toBe(200);
    expect((await accountOf(creator.id))?.ready).toBe(false);

    expect((await deliverConnect(t.app, standIn.finishOnboarding(accountId ?? ''))).statusCode).toBe(200);
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
