import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { payoutAccounts, profiles } from '../db/schema';
import { fanAndCreator, sendPaidMessage, useTestApp } from '../testing';

// Issue 36 point 14: a new creator's checklist says what is left, and each step is done by doing it.
const a = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const setup = async (cookie: string) =>
  (await a.app.inject({ method: 'GET', url: '/api/creator/setup', headers: { cookie } })).json();

describe('GET /api/creator/setup', () => {
  test('starts with nothing done; saving a price, a photo, a payout account and copying the link finish it', async () => {
    const { creator, creatorCookie, fanCookie } = await fanAndCreator(a.app, a.database.db);
    expect(await setup(creatorCookie)).toEqual({
      steps: { price: false, photo: false, payout: false, share: false },
      hasPaidMessages: false,
    });

    const priced = await a.app.inject({
      method: 'PATCH',
      url: '/api/profile/me',
      headers: { cookie: creatorCookie },
      payload: { messagePrice: 3000 },
    });
    expect(priced.statusCode, priced.body).toBeLessThan(300);
    const shared = await a.app.inject({
      method: 'POST',
      url: '/api/creator/setup/link-shared',
      headers: { cookie: creatorCookie },
    });
    expect(shared.statusCode).toBe(204);
    expect((await setup(creatorCookie)).steps).toEqual({ price: true, photo: false, payout: false, share: true });

    await a.database.db
      .update(profiles)
      .set({ avatarUrl: '/uploads/avatars/x.png' })
      .where(eq(profiles.id, creator.id));
    await a.database.db.insert(payoutAccounts).values({ creatorId: creator.id, state: 'enabled' });
    expect((await setup(creatorCookie)).steps).toEqual({ price: true, photo: true, payout: true, share: true });

    // A fan has no checklist and cannot tick one; signed out is 401.
    const fanPost = await a.app.inject({
      method: 'POST',
      url: '/api/creator/setup/link-shared',
      headers: { cookie: fanCookie },
    });
    expect(fanPost.statusCode, fanPost.body).toBe(403);
    expect(
      (await a.app.inject({ method: 'GET', url: '/api/creator/setup', headers: { cookie: fanCookie } })).statusCode,
    ).toBe(403);
    expect((await a.app.inject({ method: 'GET', url: '/api/creator/setup' })).statusCode).toBe(401);
  });

  test('a creator fans already paid is payable without a payout account, and price and share count as done', async () => {
    const { creator, creatorCookie, fanCookie } = await fanAndCreator(a.app, a.database.db);
    // Decision 0041: payable before a payout account exists; the money waits in the balance.
    await sendPaidMessage(a.app, fanCookie, creator.id);
    expect(await setup(creatorCookie)).toEqual({
      steps: { price: true, photo: false, payout: false, share: true },
      hasPaidMessages: true,
    });
  });
});
